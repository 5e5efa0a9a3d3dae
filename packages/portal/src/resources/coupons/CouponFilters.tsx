/**
 * The coupon list's own filters beside 001 §3's (ours): Redeemed (all / yes / no), the plan, and
 * date presets that fill the From and To inputs — today, the last 7 or 30 days, this month — in
 * UTC days, as the server counts a coupon's day.
 */
import { Box, Button } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { CYCLE_NAMES } from '@partner-panel/sdk';

const DAY_MS = 24 * 3600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The presets' [from, to], both inclusive, as of `now`. */
export function presetRange(preset: 'today' | '7d' | '30d' | 'month', now = new Date()): [string, string] {
  const today = isoDay(now);
  if (preset === 'today') return [today, today];
  if (preset === 'month') return [`${today.slice(0, 7)}-01`, today];
  const days = preset === '7d' ? 7 : 30;
  return [isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), today];
}

const PRESETS = ['today', '7d', '30d', 'month'] as const;

export function DatePresets() {
  const translate = useTranslate();
  const form = useFormContext();
  const choose = (preset: (typeof PRESETS)[number]) => {
    const [from, to] = presetRange(preset);
    form.setValue('dateStart', from, { shouldDirty: true });
    form.setValue('dateEnd', to, { shouldDirty: true });
  };
  return (
    <Box role="group" aria-label={translate('pp.coupons.presets')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {PRESETS.map((preset) => (
        <Button key={preset} size="small" variant="outlined" onClick={() => choose(preset)}>
          {translate(`pp.coupons.preset_${preset}`)}
        </Button>
      ))}
    </Box>
  );
}

export function couponListFilterInputs() {
  return [
    <SelectInput
      key="redeemed"
      source="redeemed"
      label="resources.coupons.fields.redeemed"
      helperText={false}
      emptyText="pp.coupons.all"
      choices={[
        { id: 'yes', name: 'pp.coupons.yes' },
        { id: 'no', name: 'pp.coupons.no' },
      ]}
    />,
    <SelectInput
      key="plan"
      source="plan"
      label="resources.coupons.fields.plan"
      helperText={false}
      emptyText="pp.coupons.all"
      choices={CYCLE_NAMES.map((cycle) => ({ id: cycle, name: `pp.cycles.${cycle}` }))}
    />,
    <DatePresets key="presets" />,
  ];
}
