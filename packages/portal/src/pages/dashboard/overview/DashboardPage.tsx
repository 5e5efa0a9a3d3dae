/**
 * The dashboard (000 §2): six tiles from /api/v1/dashboard (three hidden for 903) and the
 * white-label promo; then ours: the wallet tile's forecast (903: its credit line instead), and the
 * business over time, with an admin's users ranked.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Link, Skeleton, Typography } from '@mui/material';
import CouponIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import VpnIcon from '@mui/icons-material/VpnKeyOutlined';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import ActiveIcon from '@mui/icons-material/VerifiedUserOutlined';
import BrandIcon from '@mui/icons-material/RocketLaunchOutlined';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { areaAllows, canAccess, type Area, type PortalDataProvider } from '@partner-panel/data-provider';
import { useFormat } from '../../../components/format';
import { usePaths } from '../../../routing/usePaths';
import { useSessionUser } from '../../../routing/useSessionUser';
import { PageHeader } from '../../../components/PageHeader';
import { ReadError } from '../../../components/ReadError';
import { INSIGHT_RANGES, type CallName, type InsightRange } from '@partner-panel/sdk';
import { CreditLineTile, WalletForecast } from './Forecast';
import { COUNTERS_FRESH_MS, DASHBOARD_QUERY } from './query';
import { Ranking } from './Ranking';
import { WhiteLabelEnquiryButton } from './WhiteLabelEnquiry';

/**
 * The charts over time load after the tiles show their figures: MUI X Charts are most of the
 * dashboard's code and of its first render, and the first thing a person reads after sign-in is
 * the tiles.
 */
const OverTime = lazy(() => import('./OverTime').then((m) => ({ default: m.OverTime })));
/** The range they are drawn for comes with them: it is theirs and the ranking's, below the tiles. */
const RangeSelector = lazy(() => import('./RangeSelector').then((m) => ({ default: m.RangeSelector })));
/** The room the range selector (four small toggle buttons) takes until its code has arrived. */
const RANGE_SPACE = <Skeleton variant="rounded" width={290} height={31} />;

/**
 * True from the frame after the tiles' figures were painted: the charts are asked for once the
 * counters are on the screen, so that their code (most of the dashboard's) never competes with
 * what a person reads first.
 */
function usePaintedOnce(ready: boolean) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return painted;
}

interface TileProps {
  label: string;
  value: ReactNode;
  icon: ComponentType<{ fontSize?: 'large' }>;
  link?: { to: string; label: string };
  testId: string;
  /** What the tile adds under its figure (the wallet's forecast). */
  children?: ReactNode;
}

function Tile({ label, value, icon: Icon, link, testId, children }: TileProps) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }}>
          <Icon fontSize="large" />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`${testId}-value`} sx={{ fontWeight: 700 }}>
            {value}
          </Typography>
          {link ? (
            <Link component={RouterLink} to={link.to} variant="body2" sx={{ fontWeight: 600 }}>
              {link.label}
            </Link>
          ) : null}
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The range, kept in the address (`?range=30d`) so a reload, a bookmark and the way back keep it;
 * anything else there reads as the default, 7 days. A change replaces the entry rather than adding
 * one: Back leaves the dashboard, as it does from every other screen.
 */
function useRangeParam(): [InsightRange, (range: InsightRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = (INSIGHT_RANGES as readonly string[]).includes(asked ?? '') ? (asked as InsightRange) : '7d';
  const setRange = (next: InsightRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('range', next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
}

export default function DashboardPage() {
  const translate = useTranslate();
  const user = useSessionUser();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const format = useFormat();
  const p = usePaths();
  const { data, error, isPending } = useQuery({ queryKey: DASHBOARD_QUERY, queryFn: () => dataProvider.dashboard(), staleTime: COUNTERS_FRESH_MS });
  const [range, setRange] = useRangeParam();
  const painted = usePaintedOnce(!isPending);
  if (!user) return null;
  const count = (n: number | undefined) => (isPending ? <Skeleton width={60} /> : format.number(n ?? 0));
  // A tile's `call`: what its figures come from, when the member's role must allow it (the wallet's is money's).
  const tiles: (TileProps & { area: Area; call?: CallName })[] = [
    { testId: 'tile-coupons-24h', area: 'dashboard', label: translate('pp.dashboard.coupons_24h'), value: count(data?.coupons_in_last_24_hours), icon: CouponIcon },
    { testId: 'tile-vpn-24h', area: 'dashboard.vpn', call: 'listVpnAccounts', label: translate('pp.dashboard.vpn_24h'), value: count(data?.vpn_accounts_issued_in_last_24_hours), icon: VpnIcon },
    {
      testId: 'tile-wallet',
      area: 'dashboard.wallet',
      call: 'payments',
      label: translate('pp.dashboard.wallet'),
      value: format.money(user.balance),
      icon: WalletIcon,
      link: { to: '/billing', label: translate('pp.dashboard.add_funds') },
      children: <WalletForecast />,
    },
    {
      testId: 'tile-total-coupons',
      area: 'dashboard',
      label: translate('pp.dashboard.total_coupons'),
      value: count(data?.total_coupons),
      icon: ListIcon,
      link: { to: p.couponsList, label: translate('pp.dashboard.view_coupons') },
    },
    { testId: 'tile-redeemed', area: 'dashboard', label: translate('pp.dashboard.redeemed'), value: count(data?.total_redeem_coupons), icon: RedeemIcon },
    { testId: 'tile-active-vpn', area: 'dashboard.vpn', call: 'listVpnAccounts', label: translate('pp.dashboard.active_subscriptions'), value: count(data?.active_subscriptions), icon: ActiveIcon },
  ];
  return (
    <>
      <PageHeader title={translate('pp.dashboard.title')} />
      {error ? <ReadError error={error} sx={{ mb: 2 }} /> : null}
      <Grid container spacing={2}>
        {tiles
          .filter((tile) => canAccess(user, { resource: tile.area, ...(tile.call ? { action: tile.call } : {}) }))
          .map(({ area: _area, call: _call, ...tile }) => (
            <Grid key={tile.testId} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Tile {...tile} />
            </Grid>
          ))}
        {/* Reseller 903's: a credit line in place of a wallet. */}
        {areaAllows(user, { resource: 'dashboard.wallet' }) ? null : (
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <CreditLineTile />
          </Grid>
        )}
      </Grid>
      <Card sx={{ mt: 3, bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }} data-testid="white-label-promo">
        <CardContent sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap', p: { xs: 3, md: 4 } }}>
          <BrandIcon sx={{ fontSize: 56 }} />
          <Box sx={{ flex: '1 1 280px' }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {translate('pp.dashboard.promo_title')}
            </Typography>
            <Typography sx={{ mt: 1, opacity: 0.9 }}>
              {translate('pp.dashboard.promo_body')}
            </Typography>
          </Box>
          {/* Dark blue on white in both themes: the dark theme's primary.dark (#648dae) reads 3.5:1 on white. */}
          {canAccess(user, { resource: 'dashboard', action: 'askWhiteLabel' }) ? <WhiteLabelEnquiryButton sx={{ bgcolor: 'common.white', color: '#0d47a1', '&:hover': { bgcolor: 'grey.100' } }} /> : null}
        </CardContent>
      </Card>
      <Box component="section" aria-labelledby="over-time-title" sx={{ mt: 4 }} data-testid="over-time">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h2" id="over-time-title" sx={{ fontWeight: 600 }}>
            {translate('pp.dashboard.over_time')}
          </Typography>
          {painted ? (
            <Suspense fallback={RANGE_SPACE}>
              <RangeSelector value={range} onChange={setRange} />
            </Suspense>
          ) : (
            RANGE_SPACE
          )}
        </Box>
        {painted ? (
          <Suspense fallback={<Skeleton variant="rounded" height={560} />}>
            <OverTime range={range} showVpn={canAccess(user, { resource: 'dashboard.vpn', action: 'listVpnAccounts' })} />
          </Suspense>
        ) : (
          <Skeleton variant="rounded" height={560} />
        )}
        {user.is_admin ? <Ranking range={range} /> : null}
      </Box>
    </>
  );
}
