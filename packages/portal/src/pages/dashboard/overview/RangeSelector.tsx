/** The dashboard's range (7, 30, 90 days or 12 months), shared by the charts over time and the ranking. */
import type { InsightRange } from '@partner-panel/sdk';
import { RangeToggle } from '../../../components/RangeToggle';

/** The range selector's labels, one literal key each (the i18n test reads them). */
export const RANGE_LABELS: Record<InsightRange, string> = {
  '7d': 'pp.dashboard.range_7d',
  '30d': 'pp.dashboard.range_30d',
  '90d': 'pp.dashboard.range_90d',
  '12m': 'pp.dashboard.range_12m',
};

export function RangeSelector({ value, onChange }: { value: InsightRange; onChange: (range: InsightRange) => void }) {
  return <RangeToggle value={value} onChange={onChange} labels={Object.entries(RANGE_LABELS) as [InsightRange, string][]} label="pp.dashboard.range" testId="insight-range" />;
}
