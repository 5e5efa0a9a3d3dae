/**
 * A dashboard's range as one toggle of buttons (7, 30, 90 days…): the reseller's dashboard and the
 * operator's programme dashboard. `labels` names each range by a catalogue key, in their order.
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'ra-core';

export function RangeToggle<R extends string | number>({
  value,
  onChange,
  labels,
  label,
  testId,
}: {
  value: R;
  onChange: (range: R) => void;
  labels: readonly (readonly [R, string])[];
  /** The group's accessible name, a catalogue key. */
  label: string;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label={translate(label)}
      onChange={(_, next: R | null) => next !== null && onChange(next)}
      data-testid={testId}
    >
      {labels.map(([range, key]) => (
        <ToggleButton key={range} value={range} sx={{ px: { xs: 1.25, sm: 2 }, textTransform: 'none' }}>
          {translate(key)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
