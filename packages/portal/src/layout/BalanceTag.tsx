/** The balance tag with its refresh icon; a refresh shows an indicator for 2 seconds (000 §4). */
import { useMutation } from '@tanstack/react-query';
import { Box, Chip, CircularProgress, IconButton } from '@mui/material';
import { LaterTooltip } from '../components/LaterTooltip';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { TIMINGS_MS } from '@partner-panel/sdk';
import { useSessionUser } from '../routing/useSessionUser';
import { useFormat } from '../components/format';
import { later } from '../components/later';

export function BalanceTag() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { money } = useFormat();
  const user = useSessionUser();
  // The indicator lasts at least its 2 seconds, however fast the answer.
  const refresh = useMutation({
    mutationFn: async () => {
      const indicator = later(TIMINGS_MS.balanceRefreshIndicator);
      try {
        await dataProvider.refreshProfile();
      } finally {
        await indicator;
      }
    },
    onError: (error) => notify(error.message || translate('pp.errors.fetch_details'), { type: 'error' }),
  });
  const refreshing = refresh.isPending;
  if (!user) return null;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Chip
        label={money(user.balance)}
        color="secondary"
        variant="outlined"
        data-testid="balance-tag"
        aria-label={`${translate('pp.balance.label')}: ${money(user.balance)}`}
        sx={{ fontWeight: 700, bgcolor: 'background.paper' }}
      />
      <LaterTooltip title={translate(refreshing ? 'pp.balance.refreshing' : 'pp.balance.refresh')}>
        <span>
          <IconButton onClick={() => refresh.mutate()} disabled={refreshing} size="small" aria-label={translate('pp.balance.refresh')} color="inherit">
            {refreshing ? <CircularProgress size={18} color="inherit" aria-hidden data-testid="balance-refreshing" /> : <RefreshIcon fontSize="small" />}
          </IconButton>
        </span>
      </LaterTooltip>
    </Box>
  );
}
