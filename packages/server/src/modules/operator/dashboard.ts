/**
 * The programme dashboard (issue 35): the whole programme's figures per UTC day, from the
 * programme's own daily rows (`programme_daily`, summed from the resellers' folded days by each
 * fold) and the rows no fold has moved yet, so a range reads one row a day whatever the count of
 * resellers or of sales; active resellers by one index probe per reseller; and the health of what runs behind the panel, from the webhook endpoints, the job queue's
 * table and the mail outbox. Two statements, run side by side.
 */
import { sql } from 'drizzle-orm';
import { FAILING_ENDPOINTS_LISTED, centsToDollars, type FailingEndpoint, type ProgrammeDashboard, type ProgrammeDay, type ProgrammeRange, type ProgrammeTotals } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { preparedRows } from '../../db/index.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const DAY_MS = 24 * 3600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The range's days and the previous range's, in UTC, the range ending today. */
export function programmeRange(days: ProgrammeRange, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (back: number) => isoDay(new Date(today - back * DAY_MS));
  return { from: day(days - 1), to: day(0), previousFrom: day(2 * days - 1), previousTo: day(days) };
}

/**
 * What the figures' statement answers: a row per day with activity (`kind` day), the count of
 * active resellers in the range (`current`; the previous range's is `previousSpenders`), the new resellers of each (`opened`), and
 * the VPN accounts' net count before the previous range (`before`).
 */
interface FigureRow {
  kind: 'day' | 'current' | 'opened' | 'opened_previous' | 'before';
  day: string | null;
  spend: string | null;
  generated: string | null;
  redeemed: string | null;
  started: string | null;
  ended: string | null;
  active: string | null;
}

interface HealthRow {
  failing: number;
  endpoints: { id: number; url: string; mode: 'live' | 'sandbox'; status: 'enabled' | 'disabled'; reseller_id: number; name: string; email: string; failing_since: string }[] | null;
  depth: number;
  scheduled: number;
  oldest: number | null;
  failed: number;
  undelivered: number;
  mail_failing: number;
  oldest_mail: string | null;
}

async function figures(ctx: Ctx, r: ReturnType<typeof programmeRange>) {
  const { from, to, previousFrom } = r;
  // The accounts opened: by the instant, each day starting at midnight UTC.
  const fromAt = `${from}T00:00:00Z`;
  const previousAt = `${previousFrom}T00:00:00Z`;
  const endAt = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS).toISOString();
  return preparedRows<FigureRow>(
    ctx.db,
    'programme_figures',
    sql`with delta as (
          select reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, vpn_started, vpn_ended
          from reseller_daily_delta where day between ${previousFrom}::date and ${to}::date
        ),
        -- Days with rows no fold has moved yet (today's, mostly): how their appended spend changes the
        -- count of resellers who spent, each reseller's folded day read by its key.
        open_days as (
          select x.day, sum((coalesce(f.spend_cents, 0) + x.spend > 0)::int - (coalesce(f.spend_cents, 0) > 0)::int) as change
          from (select reseller_id, day, sum(spend_cents) as spend from delta group by reseller_id, day) x
          left join reseller_daily f on f.reseller_id = x.reseller_id and f.day = x.day
          group by x.day
        ),
        -- The folded days are the programme's own rows (one a day, kept by fold_daily); the deltas add to them.
        days as (
          select day, spend_cents as spend, coupons_generated as generated, coupons_redeemed as redeemed,
                 vpn_started as started, vpn_ended as ended, active_resellers as active
          from programme_daily where day between ${previousFrom}::date and ${to}::date
          union all
          select day, sum(spend_cents), sum(coupons_generated), sum(coupons_redeemed), sum(vpn_started), sum(vpn_ended), 0
          from delta group by day
        )
        select 'day' as kind, d.day::text as day, sum(d.spend) as spend, sum(d.generated) as generated, sum(d.redeemed) as redeemed,
               sum(d.started) as started, sum(d.ended) as ended, sum(d.active) + coalesce(max(o.change), 0) as active
        from days d left join open_days o on o.day = d.day group by d.day
        union all
        -- A reseller is active in the range ending today when its last day of spend falls in it (one
        -- small row each, kept by the fold), or when it spent in rows no fold has moved yet.
        select 'current', null, null, null, null, null, null, count(*) from (
          select reseller_id from reseller_last_spend where day >= ${from}::date
          union
          select reseller_id from delta where day >= ${from}::date and spend_cents > 0
        ) as spent
        union all
        select case when created_at >= ${fromAt}::timestamptz then 'opened' else 'opened_previous' end, null, null, null, null, null, null, count(*)
        from resellers where kind = 'reseller' and created_at >= ${previousAt}::timestamptz and created_at < ${endAt}::timestamptz
        group by 1
        union all
        select 'before', null, null, null, null, null, null,
               coalesce((select sum(vpn_started - vpn_ended) from programme_daily where day < ${previousFrom}::date), 0)
               + coalesce((select sum(vpn_started - vpn_ended) from reseller_daily_delta where day < ${previousFrom}::date), 0)`,
  );
}

/**
 * The previous range's days are past: once every one of them is folded (no appended row of them is
 * left) their spend no longer changes (a charge counts on the day it is made), so its count of
 * active resellers is read once per database and range and kept, beside the database it came from.
 */
const closedRanges = new WeakMap<object, Map<string, number>>();

async function previousSpenders(ctx: Ctx, r: ReturnType<typeof programmeRange>): Promise<number> {
  const { previousFrom, previousTo } = r;
  const key = `${previousFrom}/${previousTo}`;
  let kept = closedRanges.get(ctx.db);
  const known = kept?.get(key);
  if (known !== undefined) return known;
  // A reseller is active in a range when it spent on a day of it: one probe of its spent days each
  // (reseller_daily_spent_idx), and the rows no fold has moved yet.
  const [row] = await preparedRows<{ active: string; open: boolean }>(
    ctx.db,
    'programme_previous_spenders',
    sql`select (select count(*) from resellers r
                where exists (select 1 from reseller_daily d where d.reseller_id = r.id and d.day between ${previousFrom}::date and ${previousTo}::date and d.spend_cents > 0)
                   or r.id in (select reseller_id from reseller_daily_delta where day between ${previousFrom}::date and ${previousTo}::date and spend_cents > 0)) as active,
               exists (select 1 from reseller_daily_delta where day <= ${previousTo}::date) as open`,
  );
  const active = Number(row?.active ?? 0);
  if (row && !row.open) {
    // Today's ranges only: yesterday's keys are let go.
    if (!kept || ![...kept.keys()].some((k) => k.endsWith(`/${previousTo}`))) kept = new Map();
    kept.set(key, active);
    closedRanges.set(ctx.db, kept);
  }
  return active;
}

async function health(ctx: Ctx) {
  const [row] = await preparedRows<HealthRow>(
    ctx.db,
    'programme_health',
    sql`select
          (select count(*)::int from webhook_endpoints where failing_since is not null) as failing,
          (select json_agg(e order by e.failing_since, e.id) from (
             select w.id, w.url, w.mode, w.status, w.reseller_id, r.name, r.email, w.failing_since
             from webhook_endpoints w join resellers r on r.id = w.reseller_id
             where w.failing_since is not null order by w.failing_since, w.id limit ${FAILING_ENDPOINTS_LISTED}) e) as endpoints,
          q.depth, q.scheduled, q.oldest, q.failed,
          m.undelivered, m.mail_failing, m.oldest_mail
        from (select count(*) filter (where attempts < max_attempts and run_at <= now())::int as depth,
                     count(*) filter (where attempts < max_attempts and run_at > now())::int as scheduled,
                     extract(epoch from now() - min(run_at) filter (where attempts < max_attempts and run_at <= now()))::float8 as oldest,
                     count(*) filter (where attempts >= max_attempts)::int as failed
              from graphile_worker.jobs) q,
             (select count(*)::int as undelivered, count(*) filter (where attempts > 0)::int as mail_failing, min(created_at) as oldest_mail
              from mail_outbox where sent_at is null) m`,
  );
  const endpoints: FailingEndpoint[] = (row?.endpoints ?? []).map((e) => ({
    id: Number(e.id),
    url: e.url,
    mode: e.mode,
    status: e.status,
    reseller: { id: Number(e.reseller_id), name: e.name, email: e.email },
    failing_since: new Date(e.failing_since).toISOString(),
  }));
  return {
    webhooks: { failing: Number(row?.failing ?? 0), endpoints },
    queue: {
      depth: Number(row?.depth ?? 0),
      scheduled: Number(row?.scheduled ?? 0),
      oldest_age_seconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
      failed: Number(row?.failed ?? 0),
    },
    mail: {
      undelivered: Number(row?.undelivered ?? 0),
      failing: Number(row?.mail_failing ?? 0),
      oldest_at: row?.oldest_mail ? new Date(row.oldest_mail).toISOString() : null,
    },
  };
}

/** The dashboard for a range of 7, 30 or 90 days ending today (UTC), beside the previous one. */
export async function programmeDashboard(ctx: Ctx, days: ProgrammeRange): Promise<ProgrammeDashboard> {
  const range = programmeRange(days, ctx.clock.now());
  const [found, spentBefore, state] = await Promise.all([figures(ctx, range), previousSpenders(ctx, range), health(ctx)]);

  const byDay = new Map<string, FigureRow>();
  const count = (kind: FigureRow['kind']) => Number(found.find((f) => f.kind === kind)?.active ?? 0);
  for (const f of found) if (f.kind === 'day' && f.day) byDay.set(f.day, f);

  const sums = { current: { spend: 0, generated: 0, redeemed: 0 }, previous: { spend: 0, generated: 0, redeemed: 0 } };
  let active = count('before');
  let previousActive = 0;
  const series: ProgrammeDay[] = [];
  const start = new Date(`${range.previousFrom}T00:00:00Z`).getTime();
  for (let i = 0; i < 2 * days; i++) {
    const date = isoDay(new Date(start + i * DAY_MS));
    const f = byDay.get(date);
    const spend = Number(f?.spend ?? 0);
    const generated = Number(f?.generated ?? 0);
    const redeemed = Number(f?.redeemed ?? 0);
    const started = Number(f?.started ?? 0);
    const ended = Number(f?.ended ?? 0);
    active += started - ended;
    const sum = i < days ? sums.previous : sums.current;
    sum.spend += spend;
    sum.generated += generated;
    sum.redeemed += redeemed;
    if (i === days - 1) previousActive = active;
    if (i < days) continue;
    series.push({
      date,
      spend: centsToDollars(spend),
      coupons_generated: generated,
      coupons_redeemed: redeemed,
      vpn_started: started,
      vpn_ended: ended,
      vpn_active: active,
      active_resellers: Number(f?.active ?? 0),
    });
  }
  const totals = (which: 'current' | 'previous', vpnActive: number, opened: number): ProgrammeTotals => ({
    active_resellers: which === 'current' ? count('current') : spentBefore,
    spend: centsToDollars(sums[which].spend),
    coupons_generated: sums[which].generated,
    coupons_redeemed: sums[which].redeemed,
    vpn_active: vpnActive,
    new_resellers: opened,
  });
  return {
    days,
    from: range.from,
    to: range.to,
    previous_from: range.previousFrom,
    previous_to: range.previousTo,
    totals: totals('current', active, count('opened')),
    previous: totals('previous', previousActive, count('opened_previous')),
    series,
    health: state,
  };
}
