/** The credit line's bar: what is used of the limit (./Forecast's credit tile). */
import { LinearProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

/** `space`: the room the bar takes, which the tile keeps while this code arrives. */
export default function CreditBar({ used, limit, space }: { used: number; limit: number; space: { my: number; height: number } }) {
  const translate = useTranslate();
  return (
    <LinearProgress
      variant="determinate"
      value={limit > 0 ? Math.min(100, (used / limit) * 100) : 0}
      aria-label={translate('pp.dashboard.credit_bar')}
      sx={{ ...space, borderRadius: 4 }}
    />
  );
}
