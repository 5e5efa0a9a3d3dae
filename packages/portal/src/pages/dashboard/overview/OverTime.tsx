/**
 * The dashboard over time (ours, under 000 §2's tiles): spend, coupons generated and redeemed,
 * active VPN subscriptions and the redemption rate per day (or per month over 12 months), from
 * GET /api/v1/dashboard/series. Each chart has its figures as a table behind a toggle, so a screen
 * reader (or a person who wants the numbers) reads exactly what the chart draws. A chunk of its
 * own (MUI X Charts), loaded after the tiles show (DashboardPage).
 */
import { useMemo } from 'react';
import { Alert, Grid, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import type { InsightPoint, InsightRange } from '@partner-panel/sdk';
import { ChartCard } from '../../../components/ChartCard';
import { useFormat, type Format } from '../../../components/format';
import { seriesQuery } from './query';

/** A period's label: the day (servers count in UTC days) or, over 12 months, the month. */
export function periodLabel(format: Format, bucket: 'day' | 'month') {
  const style = new Intl.DateTimeFormat(format.locale, bucket === 'day' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (date: string) => style.format(new Date(`${date}T00:00:00Z`));
}

export function OverTime({ range, showVpn }: { range: InsightRange; showVpn: boolean }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: seriesQuery(range),
    queryFn: () => dataProvider.read('dashboardSeries', { range }),
    placeholderData: (previous) => previous,
  });
  const bucket = data?.bucket ?? (range === '12m' ? 'month' : 'day');
  const label = useMemo(() => periodLabel(format, bucket), [format, bucket]);
  const points = data?.points ?? [];
  const percent = (rate: number | null) => (rate === null ? translate('pp.dashboard.no_rate') : `${format.number(Math.round(rate * 10_000) / 100)}%`);
  const dateHeader = translate(bucket === 'day' ? 'pp.dashboard.col_date' : 'pp.dashboard.col_month');
  const localeText = { loading: translate('pp.dashboard.chart_loading'), noData: translate('pp.dashboard.chart_empty'), a11yNoValue: translate('pp.dashboard.no_rate') };
  const titles = {
    spend: translate(bucket === 'day' ? 'pp.dashboard.spend_per_day' : 'pp.dashboard.spend_per_month'),
    coupons: translate(bucket === 'day' ? 'pp.dashboard.coupons_per_day' : 'pp.dashboard.coupons_per_month'),
    active: translate('pp.dashboard.active_over_time'),
    rate: translate('pp.dashboard.redemption_rate'),
  };
  const xAxis = [{ scaleType: 'band' as const, dataKey: 'date', valueFormatter: label }];
  const dataset = points as unknown as Record<string, string | number | null>[];
  const shared = { dataset, xAxis, loading: isPending, localeText, height: 240, skipAnimation: true, margin: { left: 0, right: 8 } };
  // A range without activity still draws a readable axis (0 to 1), not a squeezed zero.
  const flat = (pick: (p: InsightPoint) => number) => (points.every((p) => pick(p) === 0) ? { max: 1 } : {});
  const count = (v: number) => format.number(v);

  if (error) return <Alert severity="error">{error.message}</Alert>;
  return (
    <>
      {data ? (
        <Typography variant="body2" color="text.secondary" data-testid="insight-totals" sx={{ mb: 2 }}>
          {translate('pp.dashboard.total_in_range', {
            spend: format.money(data.totals.spend),
            generated: format.number(data.totals.coupons_generated),
            redeemed: format.number(data.totals.coupons_redeemed),
          })}
        </Typography>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-spend"
            title={titles.spend}
            points={points}
            label={label}
            dateHeader={dateHeader}
            columns={[{ label: translate('pp.dashboard.col_spend'), value: (p) => format.money(p.spend) }]}
            chart={
              <BarChart
                {...shared}
                hideLegend
                yAxis={[{ valueFormatter: (v: number) => format.money(v), width: 72, ...flat((p) => p.spend) }]}
                series={[{ dataKey: 'spend', label: translate('pp.dashboard.col_spend'), valueFormatter: (v) => format.money(v ?? 0) }]}
              />
            }
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-coupons"
            title={titles.coupons}
            points={points}
            label={label}
            dateHeader={dateHeader}
            columns={[
              { label: translate('pp.dashboard.col_generated'), value: (p) => format.number(p.coupons_generated) },
              { label: translate('pp.dashboard.col_redeemed'), value: (p) => format.number(p.coupons_redeemed) },
            ]}
            chart={
              <BarChart
                {...shared}
                yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: count, width: 40, ...flat((p) => p.coupons_generated + p.coupons_redeemed) }]}
                series={[
                  { dataKey: 'coupons_generated', label: translate('pp.dashboard.col_generated') },
                  { dataKey: 'coupons_redeemed', label: translate('pp.dashboard.col_redeemed') },
                ]}
              />
            }
          />
        </Grid>
        {showVpn ? (
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              testId="chart-active"
              title={titles.active}
              points={points}
              label={label}
              dateHeader={dateHeader}
            columns={[{ label: translate('pp.dashboard.col_active'), value: (p) => format.number(p.active_subscriptions) }]}
              chart={
                <LineChart
                  {...shared}
                  hideLegend
                  yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: count, width: 40, ...flat((p) => p.active_subscriptions) }]}
                  series={[{ dataKey: 'active_subscriptions', label: translate('pp.dashboard.col_active'), area: true, showMark: false, curve: 'stepAfter' }]}
                />
              }
            />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-rate"
            title={titles.rate}
            help={translate('pp.dashboard.redemption_rate_help')}
            points={points}
            label={label}
            dateHeader={dateHeader}
            columns={[{ label: translate('pp.dashboard.col_rate'), value: (p) => percent(p.redemption_rate) }]}
            chart={
              <LineChart
                {...shared}
                hideLegend
                yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => `${Math.round(v * 100)}%`, width: 48 }]}
                series={[{ dataKey: 'redemption_rate', label: translate('pp.dashboard.col_rate'), showMark: false, curve: 'linear', connectNulls: false, valueFormatter: (v) => percent(v) }]}
              />
            }
          />
        </Grid>
      </Grid>
    </>
  );
}
