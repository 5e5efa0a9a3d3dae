/** An enquiry's status as a chip: new stands out, won is green, lost is grey. */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WhiteLabelStatus } from '@partner-panel/sdk';

const COLORS = { new: 'info', contacted: 'warning', won: 'success', lost: 'default' } as const;

export function StatusChip({ status }: { status: WhiteLabelStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[status]} label={translate(`pp.pipeline.statuses.${status}`)} data-testid="enquiry-status" />;
}
