/**
 * Money ahead of time (ours, on 000 §2's wallet tile): how long the money lasts at the last 30
 * days' spend, the renewals due in 7 and 30 days, and the warning line the reseller set on its
 * profile. The partner account (903) has a credit line instead of a wallet: it sees what it used
 * and what is left, in words that never speak of a wallet.
 */
import { lazy, Suspense, useEffect, useId } from 'react';
import { Box, Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import CreditIcon from '@mui/icons-material/CreditScoreOutlined';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import type { Forecast } from '@partner-panel/sdk';
import { useFormat } from '../../../components/format';
import { usePaths } from '../../../routing/usePaths';
import { FORECAST_QUERY } from './query';

/**
 * The credit line's bar (MUI's LinearProgress) is 903's alone: its code loads as the credit tile
 * mounts, beside the forecast it draws, and never with a wallet's dashboard.
 */
const loadCreditBar = () => import('./CreditBar');
const CreditBar = lazy(loadCreditBar);
/** The bar's room while its code arrives, so that nothing below it moves. */
const BAR_SPACE = { my: 1, height: 8 } as const;

export function useForecast() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: FORECAST_QUERY, queryFn: () => dataProvider.read('dashboardForecast', {}) });
}

/** How long the money lasts at the last 30 days' spend, in one sentence. */
function DaysLeft({ forecast }: { forecast: Forecast }) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Typography variant="body2" data-testid="forecast-days">
      {forecast.days_left === null
        ? translate('pp.dashboard.forecast_idle')
        : translate('pp.dashboard.forecast_days', { smart_count: forecast.days_left, days: format.number(forecast.days_left), spend: format.money(forecast.spend_last_30_days) })}
    </Typography>
  );
}

/** The warning line, highlighted once what can be spent is under it. */
function WarningLine({ forecast, text }: { forecast: Forecast; text: string }) {
  const translate = useTranslate();
  const format = useFormat();
  const p = usePaths();
  if (forecast.low_balance_threshold === null) {
    return (
      <Link component={RouterLink} to={p.profile} variant="body2" data-testid="forecast-threshold">
        {translate('pp.dashboard.set_warning')}
      </Link>
    );
  }
  const amount = format.money(forecast.low_balance_threshold);
  const below = forecast.available < forecast.low_balance_threshold;
  return (
    <Typography variant="body2" data-testid="forecast-threshold" color={below ? 'warning.main' : 'text.secondary'} sx={{ fontWeight: below ? 600 : 400 }}>
      {below ? translate('pp.dashboard.below_line', { amount }) : translate(text, { amount })}
    </Typography>
  );
}

/** The lines under the wallet tile's balance. */
export function WalletForecast() {
  const translate = useTranslate();
  const format = useFormat();
  const { data } = useForecast();
  if (!data) return <Skeleton width={200} />;
  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 0.25 }} data-testid="wallet-forecast">
      <DaysLeft forecast={data} />
      <Typography variant="body2" color="text.secondary" data-testid="forecast-renewals-7">
        {translate('pp.dashboard.renewals_7', { count: format.number(data.renewals_next_7_days.count), total: format.money(data.renewals_next_7_days.total) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="forecast-renewals-30">
        {translate('pp.dashboard.renewals_30', { count: format.number(data.renewals_next_30_days.count), total: format.money(data.renewals_next_30_days.total) })}
      </Typography>
      <WarningLine forecast={data} text="pp.dashboard.warning_line" />
    </Box>
  );
}

/** The partner account's credit line, in place of the wallet tile it does not have. */
export function CreditLineTile() {
  const translate = useTranslate();
  const format = useFormat();
  const titleId = useId();
  const { data } = useForecast();
  const credit = data?.credit;
  useEffect(() => void loadCreditBar(), []);
  if (data && !credit) return null;
  return (
    <Card sx={{ height: '100%' }} data-testid="tile-credit" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }}>
          <CreditIcon fontSize="large" />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" color="text.secondary" id={titleId}>
            {translate('pp.dashboard.credit_title')}
          </Typography>
          {data && credit ? (
            <>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="credit-left">
                {translate('pp.dashboard.credit_left', { left: format.money(credit.left) })}
              </Typography>
              <Suspense fallback={<Box sx={BAR_SPACE} />}>
                <CreditBar used={credit.used} limit={credit.limit} space={BAR_SPACE} />
              </Suspense>
              <Typography variant="body2" data-testid="credit-used">
                {translate('pp.dashboard.credit_used', { used: format.money(credit.used), limit: format.money(credit.limit) })}
              </Typography>
              <DaysLeft forecast={data} />
              <WarningLine forecast={data} text="pp.dashboard.credit_warning_line" />
            </>
          ) : (
            <Skeleton width={160} height={48} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
