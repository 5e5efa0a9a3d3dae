/** An enquiry's status as a chip: new stands out in blue, contacted in orange, won in green, lost in grey (the theme's colours that read at 4.5:1). */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WhiteLabelStatus } from '@partner-panel/sdk';

const COLORS = { new: 'primary', contacted: 'warning', won: 'success', lost: 'default' } as const;

export function StatusChip({ status }: { status: WhiteLabelStatus }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={translate(`pp.pipeline.statuses.${status}`)} data-testid="enquiry-status" />;
}
