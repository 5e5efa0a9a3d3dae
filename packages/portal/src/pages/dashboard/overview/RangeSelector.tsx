/** The dashboard's range (7, 30, 90 days or 12 months), shared by the charts over time and the ranking. */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { InsightRange } from '@partner-panel/sdk';

/** The range selector's labels, one literal key each (the i18n test reads them). */
export const RANGE_LABELS: Record<InsightRange, string> = {
  '7d': 'pp.dashboard.range_7d',
  '30d': 'pp.dashboard.range_30d',
  '90d': 'pp.dashboard.range_90d',
  '12m': 'pp.dashboard.range_12m',
};

export function RangeSelector({ value, onChange }: { value: InsightRange; onChange: (range: InsightRange) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={translate('pp.dashboard.range')}
      onChange={(_, next: InsightRange | null) => next && onChange(next)}
      data-testid="insight-range"
    >
      {(Object.keys(RANGE_LABELS) as InsightRange[]).map((range) => (
        <ToggleButton key={range} value={range} sx={{ px: { xs: 1.25, sm: 2 }, textTransform: 'none' }}>
          {translate(RANGE_LABELS[range])}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
