/**
 * The operator's programme dashboard (issue 35) at programme: the programme's figures for 7, 30 or
 * 90 UTC days — active resellers, spend, coupons generated and redeemed, VPN accounts active, new
 * resellers — each beside the previous range; the days drawn with MUI X Charts as the reseller's
 * dashboard draws its own (each chart's figures also as a table); and a Health card: the webhook
 * endpoints failing, the job queue's depth and the mail not delivered. From GET /api/v1/operator/dashboard.
 */
import { useId, useMemo, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '@partner-panel/data-provider';
import { PROGRAMME_RANGES, type ProgrammeDashboard, type ProgrammeDay, type ProgrammeRange, type ProgrammeTotals } from '@partner-panel/sdk';
import { ChartCard } from '../../../components/ChartCard';
import { RangeToggle } from '../../../components/RangeToggle';
import { useFormat, type Format } from '../../../components/format';
import { PageHeader } from '../../../components/PageHeader';
import { ReadError } from '../../../components/ReadError';

/** The range selector's labels, one literal key each. */
const RANGE_LABELS: Record<ProgrammeRange, string> = {
  7: 'pp.programme_dashboard.range_7',
  30: 'pp.programme_dashboard.range_30',
  90: 'pp.programme_dashboard.range_90',
};

/** The range, kept in the address (`?days=90`) so a reload and the way back keep it; 30 by default. */
function useDaysParam(): [ProgrammeRange, (days: ProgrammeRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (PROGRAMME_RANGES as readonly number[]).includes(asked) ? (asked as ProgrammeRange) : 30;
  const set = (next: ProgrammeRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );
  return [days, set];
}

interface Kpi {
  key: keyof ProgrammeTotals;
  label: string;
  help?: string;
  money?: boolean;
}

const KPIS: Kpi[] = [
  { key: 'active_resellers', label: 'pp.programme_dashboard.kpi_active_resellers', help: 'pp.programme_dashboard.kpi_active_resellers_help' },
  { key: 'spend', label: 'pp.programme_dashboard.kpi_spend', money: true },
  { key: 'coupons_generated', label: 'pp.programme_dashboard.kpi_coupons_generated' },
  { key: 'coupons_redeemed', label: 'pp.programme_dashboard.kpi_coupons_redeemed' },
  { key: 'vpn_active', label: 'pp.programme_dashboard.kpi_vpn_active' },
  { key: 'new_resellers', label: 'pp.programme_dashboard.kpi_new_resellers' },
];

function KpiCard({ kpi, totals, previous }: { kpi: Kpi; totals?: ProgrammeTotals; previous?: ProgrammeTotals }) {
  const translate = useTranslate();
  const format = useFormat();
  const titleId = useId();
  const show = (n: number) => (kpi.money ? format.money(n) : format.number(n));
  let change: ReactNode = null;
  if (totals && previous) {
    const diff = Math.round((totals[kpi.key] - previous[kpi.key]) * 100) / 100;
    const text =
      diff === 0
        ? translate('pp.programme_dashboard.change_none')
        : translate(diff > 0 ? 'pp.programme_dashboard.change_up' : 'pp.programme_dashboard.change_down', { change: show(diff) });
    change = (
      <Typography variant="body2" color={diff > 0 ? 'success.main' : diff < 0 ? 'error.main' : 'text.secondary'} data-testid="kpi-change">
        {text}
      </Typography>
    );
  }
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby={titleId} data-testid={`kpi-${kpi.key}`}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" id={titleId}>
          {translate(kpi.label)}
        </Typography>
        <Typography variant="h4" component="p" data-testid="kpi-value">
          {totals ? show(totals[kpi.key]) : <Skeleton width={80} />}
        </Typography>
        {change}
        {previous ? (
          <Typography variant="caption" color="text.secondary" data-testid="kpi-previous">
            {translate('pp.programme_dashboard.previous_value', { value: show(previous[kpi.key]) })}
          </Typography>
        ) : null}
        {kpi.help ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {translate(kpi.help)}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

const dayLabel = (format: Format) => {
  const style = new Intl.DateTimeFormat(format.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (date: string) => style.format(new Date(`${date}T00:00:00Z`));
};

function Charts({ data, isPending }: { data?: ProgrammeDashboard; isPending: boolean }) {
  const translate = useTranslate();
  const format = useFormat();
  const label = useMemo(() => dayLabel(format), [format]);
  const days = data?.series ?? [];
  const t = (key: string) => translate(`pp.programme_dashboard.${key}`);
  const localeText = { loading: translate('pp.programme_dashboard.chart_loading'), noData: translate('pp.programme_dashboard.chart_empty') };
  const xAxis = [{ scaleType: 'band' as const, dataKey: 'date', valueFormatter: label }];
  const dataset = days as unknown as Record<string, string | number>[];
  const shared = { dataset, xAxis, loading: isPending, localeText, height: 240, skipAnimation: true, margin: { left: 0, right: 8 } };
  const flat = (pick: (d: ProgrammeDay) => number) => (days.every((d) => pick(d) === 0) ? { max: 1 } : {});
  const count = (v: number) => format.number(v);
  const counted = (pick: (d: ProgrammeDay) => number) => [{ min: 0, tickMinStep: 1, valueFormatter: count, width: 48, ...flat(pick) }];
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="programme-chart-spend"
          title={t('chart_spend')}
          points={days}
          dateHeader={t('col_date')}
          label={label}
          columns={[{ label: t('col_spend'), value: (d) => format.money(d.spend) }]}
          chart={
            <BarChart
              {...shared}
              hideLegend
              yAxis={[{ valueFormatter: (v: number) => format.money(v), width: 80, ...flat((d) => d.spend) }]}
              series={[{ dataKey: 'spend', label: t('col_spend'), valueFormatter: (v) => format.money(v ?? 0) }]}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="programme-chart-coupons"
          title={t('chart_coupons')}
          points={days}
          dateHeader={t('col_date')}
          label={label}
          columns={[
            { label: t('col_generated'), value: (d) => format.number(d.coupons_generated) },
            { label: t('col_redeemed'), value: (d) => format.number(d.coupons_redeemed) },
          ]}
          chart={
            <BarChart
              {...shared}
              yAxis={counted((d) => d.coupons_generated + d.coupons_redeemed)}
              series={[
                { dataKey: 'coupons_generated', label: t('col_generated') },
                { dataKey: 'coupons_redeemed', label: t('col_redeemed') },
              ]}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="programme-chart-vpn"
          title={t('chart_vpn')}
          points={days}
          dateHeader={t('col_date')}
          label={label}
          columns={[
            { label: t('col_vpn_active'), value: (d) => format.number(d.vpn_active) },
            { label: t('col_vpn_started'), value: (d) => format.number(d.vpn_started) },
            { label: t('col_vpn_ended'), value: (d) => format.number(d.vpn_ended) },
          ]}
          chart={
            <LineChart
              {...shared}
              hideLegend
              yAxis={counted((d) => d.vpn_active)}
              series={[{ dataKey: 'vpn_active', label: t('col_vpn_active'), area: true, showMark: false, curve: 'stepAfter' }]}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          testId="programme-chart-resellers"
          title={t('chart_resellers')}
          points={days}
          dateHeader={t('col_date')}
          label={label}
          columns={[{ label: t('col_resellers'), value: (d) => format.number(d.active_resellers) }]}
          chart={
            <LineChart
              {...shared}
              hideLegend
              yAxis={counted((d) => d.active_resellers)}
              series={[{ dataKey: 'active_resellers', label: t('col_resellers'), showMark: false, curve: 'linear' }]}
            />
          }
        />
      </Grid>
    </Grid>
  );
}

/** One figure of the health card: its name and its value. */
function Figure({ label, value, testId, warn }: { label: string; value: string; testId: string; warn?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} color={warn ? 'error.main' : 'text.primary'} sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

function HealthCard({ health }: { health: ProgrammeDashboard['health'] }) {
  const translate = useTranslate();
  const format = useFormat();
  const titleId = useId();
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.programme_dashboard.${key}`, options);
  const { webhooks, queue, mail } = health;
  const more = webhooks.failing - webhooks.endpoints.length;
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="programme-health">
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} sx={{ mb: 1 }}>
          {t('health')}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }} data-testid="health-webhooks">
            <Figure label={t('webhooks_failing')} value={format.number(webhooks.failing)} testId="health-webhooks-failing" warn={webhooks.failing > 0} />
            {webhooks.failing === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('webhooks_none')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {webhooks.endpoints.map((e) => (
                  <ListItem key={e.id} disableGutters data-testid="health-webhook">
                    <ListItemText
                      primary={e.url}
                      secondary={t('webhook_since', { reseller: `${e.reseller.name} (${e.reseller.email})`, since: format.dateTime(e.failing_since) })}
                      slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                    />
                    {e.status === 'disabled' ? <Chip size="small" label={t('webhook_disabled')} sx={{ ml: 1 }} /> : null}
                  </ListItem>
                ))}
                {more > 0 ? (
                  <ListItem disableGutters>
                    <ListItemText secondary={t('webhooks_more', { smart_count: more })} />
                  </ListItem>
                ) : null}
              </List>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3.5 }} data-testid="health-queue">
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('queue')}
            </Typography>
            <Figure label={t('queue_depth')} value={format.number(queue.depth)} testId="health-queue-depth" />
            <Figure label={t('queue_oldest')} value={t('seconds', { smart_count: queue.oldest_age_seconds })} testId="health-queue-oldest" />
            <Figure label={t('queue_scheduled')} value={format.number(queue.scheduled)} testId="health-queue-scheduled" />
            <Figure label={t('queue_failed')} value={format.number(queue.failed)} testId="health-queue-failed" warn={queue.failed > 0} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3.5 }} data-testid="health-mail">
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('mail')}
            </Typography>
            <Figure label={t('mail_undelivered')} value={format.number(mail.undelivered)} testId="health-mail-undelivered" />
            <Figure label={t('mail_failing')} value={format.number(mail.failing)} testId="health-mail-failing" warn={mail.failing > 0} />
            {mail.oldest_at ? (
              <Typography variant="caption" color="text.secondary">
                {t('mail_oldest', { at: format.dateTime(mail.oldest_at) })}
              </Typography>
            ) : null}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

export default function ProgrammePage() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [days, setDays] = useDaysParam();
  const { data, error, isPending } = useQuery({
    queryKey: ['operator', 'programme', days],
    queryFn: () => dataProvider.read('programmeDashboard', { days }),
    placeholderData: (previous) => previous,
  });
  const day = (date: string) => format.date(`${date}T00:00:00Z`);
  return (
    <Box>
      <PageHeader
        title={translate('pp.programme_dashboard.title')}
        actions={
          <RangeToggle
            value={days}
            onChange={setDays}
            labels={PROGRAMME_RANGES.map((range) => [range, RANGE_LABELS[range]] as const)}
            label="pp.programme_dashboard.range"
            testId="programme-range"
          />
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pp.programme_dashboard.intro')}
      </Typography>
      {data ? (
        <Typography variant="body2" color="text.secondary" data-testid="programme-period" sx={{ mb: 2 }}>
          {translate('pp.programme_dashboard.period', { from: day(data.from), to: day(data.to), previous_from: day(data.previous_from), previous_to: day(data.previous_to) })}
        </Typography>
      ) : null}
      {error ? <ReadError error={error} sx={{ mb: 2 }} /> : null}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {KPIS.map((kpi) => (
          <Grid key={kpi.key} size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <KpiCard kpi={kpi} totals={data?.totals} previous={data?.previous} />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mb: 2 }}>{data ? <HealthCard health={data.health} /> : error ? null : <Alert severity="info">{translate('pp.programme_dashboard.chart_loading')}</Alert>}</Box>
      <Charts data={data} isPending={isPending} />
    </Box>
  );
}
