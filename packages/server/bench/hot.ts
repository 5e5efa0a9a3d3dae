/**
 * The hot paths, each beside its bare operation measured in the same run on the same data and pool:
 * the envelope of a request, the profile, the coupon list page, generating 10 000 coupons, the hot
 * wallet, the VPN list and search, the CSV export, and the operator's programme dashboard. On the embedded PostgreSQL 15 (fsync on) by
 * default, or on the server of BENCH_DATABASE_URL (a fresh database is made there and dropped).
 * `--quick` runs the same on smaller data and shorter rounds (CI).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { logDestination } from '../src/ops/log-destination.js';
import { loadConfig } from '../src/config.js';
import { openEmbedded, openPostgres, rows, type Database } from '../src/db/index.js';
import { transact } from '../src/db/unit.js';
import { seedDemo, DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { randomCodes } from '../src/modules/coupons/codes.js';
import { hashToken } from '../src/modules/auth/secrets.js';
import { credit, debit } from '../src/modules/wallet/service.js';
import { PRODUCTION, benchDataDir } from './harness.js';
import { fairCeiling } from './fair.js';
import { cpuPerBareCall, cpuPerHttpCall, postgresProcesses, printCpu } from './cpu.js';
import { bare, compare, grossRegressions, http, summary, timed, type Sample } from './measure.js';

/**
 * The floor of the figure whose goal is not met (the unfiltered page beside a bare query with no
 * session lookup; docs/performance.md says why): well under the 0.14–0.20 it reaches on this
 * machine, so that only a gross regression fails. Met figures fail under half their goal.
 */
const UNMET_FLOOR = 0.05;

/**
 * On the quick data a code + date filter matches 759 coupons, not 7 587, so the bare page query
 * sorts ten times fewer and the ratio sits lower than at full size (0.28–0.57 here, against 0.55–0.81):
 * its floor there is set under that, not at half the goal, which holds for the full data.
 */
const QUICK_FILTERED_FLOOR = 0.1;

interface Sizes {
  coupons: number;
  vpn: number;
  seconds: number;
  rounds: number;
  generateRounds: number;
  exportRounds: number;
  affordable: number;
}

const FULL: Sizes = { coupons: 1_000_000, vpn: 100_000, seconds: 3, rounds: 3, generateRounds: 5, exportRounds: 3, affordable: 300 };
const QUICK: Sizes = { coupons: 100_000, vpn: 10_000, seconds: 1, rounds: 3, generateRounds: 3, exportRounds: 2, affordable: 100 };

/** The database to measure on: a fresh one on an external server, or the embedded cluster. */
async function openBenchDatabase(): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const name = `pp_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const version = (await admin.query('show server_version')).rows[0].server_version as string;
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 10);
    return {
      database,
      label: `external PostgreSQL ${version} (${url.host})`,
      async drop() {
        await database.close();
        // BENCH_KEEP=1 leaves the data for EXPLAIN (ANALYZE, BUFFERS) afterwards.
        if (process.env.BENCH_KEEP) return console.log(`  kept the database ${name}`);
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`drop database ${name}`);
        await c.end();
      },
    };
  }
  const dir = benchDataDir();
  const database = await openEmbedded(dir, 10);
  const version = (await rows<{ server_version: string }>(database.db, sql`show server_version`))[0]?.server_version;
  return {
    database,
    label: `embedded PostgreSQL ${version} (fsync on)`,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

/** Coupons for one reseller, in 130 code prefixes spread over the past year; VPN accounts on them. */
async function seed(db: Database['db'], holder: number, sizes: Sizes) {
  await db.execute(sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (${holder}, 105, ${sizes.coupons}, 4500, 0)`);
  const [batch] = await rows<{ id: number }>(db, sql`select max(id) as id from coupon_batches`);
  const step = 100_000;
  for (let from = 1; from <= sizes.coupons; from += step) {
    await db.execute(sql`
      insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at)
      select ${holder}, ${batch?.id}, 'K' || lpad((i % 130)::text, 3, '0') || '-' || upper(substr(md5(i::text), 1, 12)), 105, 1, 'biennially', 4500,
             now() - ((i % 365) || ' days')::interval - ((i % 86400) || ' seconds')::interval,
             now() + interval '1 year'
      from generate_series(${from}::int, ${Math.min(sizes.coupons, from + step - 1)}::int) as i`);
  }
  await db.execute(sql`update resellers set coupons_total = (select count(*) from coupons where reseller_id = ${holder} and deleted_at is null) where id = ${holder}`);
  const [first] = await rows<{ id: number }>(db, sql`select min(id) as id from coupons where reseller_id = ${holder}`);
  await db.execute(sql`
    insert into vpn_accounts (reseller_id, username, password_hash, email, coupon_id, product_id, billing_type, cycle, source, start_at, end_at, created_at)
    select ${holder}, 'user' || i, 'x', 'user' || i || '@example.test', ${first?.id}::bigint + i - 1, 105, 1, 'biennially', 'coupon',
           now() - ((i % 300) || ' days')::interval, now() + interval '400 days', now() - ((i % 300) || ' days')::interval - ((i % 86400) || ' seconds')::interval
    from generate_series(1, ${sizes.vpn}::int) as i`);
  // As autovacuum would after a bulk load: statistics, and the visibility map for index-only counts.
  await db.execute(sql`vacuum analyze coupons`);
  await db.execute(sql`vacuum analyze vpn_accounts`);
}

async function csrfPair(url: string) {
  const res = await fetch(`${url}/api/csrf`);
  const token = ((await res.json()) as { body: { csrf_token: string } }).body.csrf_token;
  return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
}

async function signIn(url: string, email: string) {
  const csrf = await csrfPair(url);
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { ...csrf, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const body = (await res.json()) as { body: { access_token: string; id: number } };
  return { token: body.body.access_token, id: body.body.id, headers: { ...csrf, authorization: `Bearer ${body.body.access_token}`, 'content-type': 'application/json' } };
}

/** Newlines in a stream of bytes, counted as cheaply as the stream is read. */
async function countLines(stream: AsyncIterable<Uint8Array>) {
  let lines = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

/** BENCH_ONLY=list,wallet measures only those parts (while profiling one path). */
const only = process.env.BENCH_ONLY?.split(',');
const want = (part: string) => !only || only.includes(part);

export async function hotBench(quick = false) {
  const sizes = quick ? QUICK : FULL;
  const { database, label, drop } = await openBenchDatabase();
  const pool = poolOf(database);
  const s = sizes.seconds;
  console.log(`\nhot paths on the ${label}, pool of 10, ${sizes.coupons.toLocaleString('en-US')} coupons and ${sizes.vpn.toLocaleString('en-US')} VPN accounts of one reseller${quick ? ' (quick)' : ''}`);
  console.log(`  ${sizes.rounds} rounds of ${s} s for each load figure, ours then the ceiling; medians with [spread]`);
  // The product's log level and writer, written where no one reads it: logging is part of a request's cost.
  const devNull = logDestination('/dev/null');
  const app = await buildApp(loadConfig({ ...PRODUCTION, LOG_LEVEL: 'info', RATE_LIMIT_LOGIN_PER_IP: '100000', RATE_LIMIT_CLIENT_PER_MINUTE: '100000000' }), { database, logStream: devNull.stream });
  await seedDemo(database.db);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const plain = Fastify();
  plain.get('/', async () => ({ code: 'ok', status: 'success', message: 'Success', body: { csrf_token: 'x'.repeat(80) } }));
  const plainUrl = await plain.listen({ port: 0, host: '127.0.0.1' });
  const fair = await fairCeiling(pool);
  const cluster = await postgresProcesses(pool);
  try {
    const holder = await signIn(url, 'reseller@demo.partner-panel.test');
    const wallet = await signIn(url, 'admin@demo.partner-panel.test');
    // Only the partner reseller (903) may generate 10 000 in one call.
    const partner = await signIn(url, 'partner@demo.partner-panel.test');
    const started = performance.now();
    await seed(database.db, holder.id, sizes);
    const [product] = await rows<{ id: number }>(database.db, sql`select id from products where billing_type = 1 and cycle = 'biennially'`);
    const generateBody = (quantity: number) => JSON.stringify({ quantity, billing_cycle: 'biennially', product_id: product?.id, addon_type: '', billing_type: 1, prefix: '' });
    const noFilter = JSON.stringify({ code: '', dateStart: '', dateEnd: '', billingType: '' });
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    if (want('envelope')) {
      // The envelope: what a request costs above the database.
      await compare(
        { label: 'envelope: GET /api/csrf (no database) vs bare Fastify', ceilingLabel: 'bare Fastify, constant JSON, same process', kind: 'rate' },
        sizes.rounds,
        () => http({ url: `${url}/api/csrf`, duration: s }),
        () => http({ url: `${plainUrl}/`, duration: s }),
      );
      // The request log's cost: the same server with its one line per request, and with none.
      const quiet = await buildApp(loadConfig({ ...PRODUCTION, LOG_LEVEL: 'warn' }), { database, logStream: devNull.stream });
      const quietUrl = await quiet.listen({ port: 0, host: '127.0.0.1' });
      try {
        await compare(
          { label: 'request log: GET /api/csrf at info (one JSON line a request) vs at warn (none)', ceilingLabel: 'the same server, LOG_LEVEL=warn', kind: 'rate' },
          sizes.rounds,
          () => http({ url: `${url}/api/csrf`, duration: s }),
          () => http({ url: `${quietUrl}/api/csrf`, duration: s }),
        );
      } finally {
        await quiet.close();
      }
      await compare(
        { label: 'profile GET, signed in', ceilingLabel: 'bare Fastify, same session lookup + row select, same pool and process', kind: 'rate', goal: 0.75 },
        sizes.rounds,
        () => http({ url: `${url}/api/v1/resellers/profile`, headers: { authorization: holder.headers.authorization }, duration: s }),
        () => http({ url: `${fair.url}/profile`, headers: { authorization: holder.headers.authorization }, duration: s }),
      );
      const profileCalls = quick ? 2_000 : 6_000;
      const signedIn = { authorization: holder.headers.authorization };
      printCpu(
        'profile GET, signed in, 10 at once',
        await cpuPerHttpCall(cluster, { url: `${url}/api/v1/resellers/profile`, headers: signedIn, connections: 10, calls: profileCalls }),
        await cpuPerHttpCall(cluster, { url: `${fair.url}/profile`, headers: signedIn, connections: 10, calls: profileCalls }),
        'bare Fastify, same session lookup + row select, same process',
      );
      const tokenHash = hashToken(holder.token);
      await compare(
        { label: 'profile GET (session + row)', ceilingLabel: 'bare session lookup + row select, same pool', kind: 'rate' },
        sizes.rounds,
        () => http({ url: `${url}/api/v1/resellers/profile`, headers: { authorization: holder.headers.authorization }, duration: s }),
        () =>
          bare(async () => {
            const r = await pool.query('select r.id, r.status from access_tokens t join resellers r on r.id = t.reseller_id where t.token_hash = $1 and t.kind = $2 and t.revoked_at is null and t.expires_at > now() limit 1', [tokenHash, 'session']);
            await pool.query('select * from resellers where id = $1', [r.rows[0].id]);
          }, 10, s),
      );

    }
    if (want('list')) {
      // The coupon list page.
      const page = (extra: string, params: unknown[]) => () =>
        pool.query(
          `select c.id, c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at from coupons c
           where c.reseller_id = $1 and c.deleted_at is null ${extra} order by c.created_at desc, c.id desc limit 10 offset 0`,
          [holder.id, ...params],
        );
      const count = (extra: string, params: unknown[]) => () =>
        pool.query(`select count(*) from coupons c where c.reseller_id = $1 and c.deleted_at is null ${extra}`, [holder.id, ...params]);
      const listUrl = `${url}/api/v1/coupons?page_limit=10&page=1`;
      const listAll = () => http({ url: listUrl, method: 'POST', headers: holder.headers, body: noFilter, duration: s });
      await compare(
        { label: 'coupon list page with its total, no filter', ceilingLabel: 'bare SELECT … LIMIT 10, same filter', kind: 'rate', goal: 0.75, p99Goal: 30, floor: UNMET_FLOOR },
        sizes.rounds,
        listAll,
        () => bare(page('', []), 10, s),
      );
      await compare(
        { label: 'coupon list page with its total, no filter, signed in', ceilingLabel: 'bare Fastify, same session lookup + page statement, same pool and process', kind: 'rate', goal: 0.75 },
        sizes.rounds,
        listAll,
        () => http({ url: `${fair.url}/coupons`, method: 'POST', headers: { authorization: holder.headers.authorization, 'content-type': 'application/json' }, body: noFilter, duration: s }),
      );
      await compare(
        { label: 'coupon list page with its total, no filter (vs page + exact count)', ceilingLabel: 'bare SELECT … LIMIT 10 + exact count(*)', kind: 'rate' },
        1,
        listAll,
        () => bare(async () => Promise.all([page('', [])(), count('', [])()]), 10, s),
      );
      const today = new Date();
      const from = new Date(today.getTime() - 360 * 86_400_000).toISOString().slice(0, 10);
      const until = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
      const filter = JSON.stringify({ code: 'K042', dateStart: from, dateEnd: today.toISOString().slice(0, 10), billingType: '' });
      const probe = (await (await fetch(listUrl, { method: 'POST', headers: holder.headers, body: filter })).json()) as { body: { total: number } };
      const filtered = "and c.code like $2 and c.created_at >= $3::timestamptz and c.created_at < $4::timestamptz";
      const filterParams = ['K042%', `${from}T00:00:00Z`, `${until}T00:00:00Z`];
      const listFiltered = () => http({ url: listUrl, method: 'POST', headers: holder.headers, body: filter, duration: s });
      await compare(
        { label: `coupon list page with its total, code + date filter (${probe.body.total.toLocaleString('en-US')} matches)`, ceilingLabel: 'bare SELECT … LIMIT 10, same filter', kind: 'rate', goal: 0.5, p99Goal: 30, ...(quick ? { floor: QUICK_FILTERED_FLOOR } : {}) },
        sizes.rounds,
        listFiltered,
        () => bare(page(filtered, filterParams), 10, s),
      );
      // A fragment from inside the codes (ILIKE '%…%' through the trigram index), as a person types part of a code.
      const fragmentFilter = JSON.stringify({ code: 'A1B', code_match: 'fragment', dateStart: '', dateEnd: '', billingType: '' });
      const fragmentProbe = (await (await fetch(listUrl, { method: 'POST', headers: holder.headers, body: fragmentFilter })).json()) as { body: { total: number } };
      await compare(
        { label: `coupon list page with its total, code fragment "A1B" (${fragmentProbe.body.total.toLocaleString('en-US')} matches), 10 at once`, ceilingLabel: "bare SELECT … LIMIT 10, code like '%A1B%'", kind: 'rate' },
        sizes.rounds,
        () => http({ url: listUrl, method: 'POST', headers: holder.headers, body: fragmentFilter, duration: s }),
        () => bare(page('and c.code like $2', ['%A1B%']), 10, s),
      );
      // What a person typing part of a code waits: one search at a time, so the p99 is the call's own
      // time and not the queue of ten callers on two cores.
      await compare(
        { label: 'coupon list page with its total, code fragment "A1B", one caller', ceilingLabel: "bare SELECT … LIMIT 10, code like '%A1B%', one caller", kind: 'rate', p99Goal: 30 },
        sizes.rounds,
        () => http({ url: listUrl, method: 'POST', headers: holder.headers, body: fragmentFilter, duration: s, connections: 1 }),
        () => bare(page('and c.code like $2', ['%A1B%']), 1, s),
      );
      await compare(
        { label: 'coupon list page with its total, code + date filter (vs page + exact count)', ceilingLabel: 'bare SELECT … LIMIT 10 + exact count(*)', kind: 'rate' },
        1,
        listFiltered,
        () => bare(async () => Promise.all([page(filtered, filterParams)(), count(filtered, filterParams)()]), 10, s),
      );

    }
    if (want('dashboard')) {
      // The dashboard over time (12 months by month, 90 days by day) from the daily rollups, beside
      // the aggregate the rollups spare it: the same figures counted from the coupons, the ledger
      // and the VPN accounts themselves.
      const since = new Date(Date.now() - 365 * 86_400_000);
      const aggregate = () =>
        pool.query(
          `select (select json_agg(x) from (select date_trunc('day', created_at) d, count(*) from coupons where reseller_id = $1 and created_at >= $2 group by 1) x) as generated,
                  (select json_agg(x) from (select date_trunc('day', redeemed_at) d, count(*) from coupons where reseller_id = $1 and redeemed_at >= $2 group by 1) x) as redeemed,
                  (select json_agg(x) from (select date_trunc('day', created_at) d, sum(amount_cents) from wallet_ledger where reseller_id = $1 and created_at >= $2 group by 1) x) as spend,
                  (select json_agg(x) from (select date_trunc('day', created_at) d, count(*) from vpn_accounts where reseller_id = $1 and created_at >= $2 group by 1) x) as started`,
          [holder.id, since],
        );
      for (const range of ['12m', '90d']) {
        await compare(
          { label: `dashboard over time (${range}), ${sizes.coupons.toLocaleString('en-US')} coupons, ${sizes.vpn.toLocaleString('en-US')} VPN accounts`, ceilingLabel: 'bare aggregate of the same figures from the coupons, ledger and VPN accounts (12 months)', kind: 'rate', p99Goal: 50 },
          sizes.rounds,
          () => http({ url: `${url}/api/v1/dashboard/series?range=${range}`, headers: { authorization: holder.headers.authorization }, duration: s }),
          () => bare(aggregate, 10, s),
        );
      }
      await compare(
        { label: 'dashboard over time (12m) vs its own rollup read', ceilingLabel: 'bare SELECT of the rollup rows, same pool', kind: 'rate' },
        1,
        () => http({ url: `${url}/api/v1/dashboard/series?range=12m`, headers: { authorization: holder.headers.authorization }, duration: s }),
        () => bare(() => pool.query('select * from reseller_days where reseller_id = $1 and day >= $2::date', [holder.id, since]), 10, s),
      );
    }
    if (want('programme')) {
      // The operator's programme dashboard (90 days beside the 90 before, the health card) over
      // 1 000 resellers with 90 days of rollups each, beside the profile GET of the same run.
      await database.db.execute(sql`
        insert into resellers (email, name, custom_url, client_id, created_at)
        select 'programme' || i || '@example.test', 'Programme ' || i, 'programme-' || i, 'pp-programme-' || i, now() - ((i % 200) || ' days')::interval
        from generate_series(1, 1000) as i`);
      await database.db.execute(sql`
        insert into reseller_daily (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, vpn_started, vpn_ended)
        select r.id, (now() at time zone 'utc')::date - d, (r.id * 37 + d * 11) % 5000, (r.id + d) % 7, (r.id + d) % 3, (r.id + d) % 2, (r.id + d) % 5 / 4
        from resellers r cross join generate_series(0, 89) as d where r.email like 'programme%@example.test'`);
      // Written around the fold: the programme's days are summed as a fold sums the days it touched.
      await database.db.execute(sql`select refresh_programme_days(array(select (now() at time zone 'utc')::date - d from generate_series(0, 89) as d))`);
      await database.db.execute(sql`select refresh_last_spend(array(select id from resellers where email like 'programme%@example.test'))`);
      await database.db.execute(sql`vacuum analyze reseller_daily`);
      await database.db.execute(sql`vacuum analyze programme_daily`);
      await database.db.execute(sql`vacuum analyze resellers`);
      const operator = await signIn(url, 'operator@demo.partner-panel.test');
      const profile = () => http({ url: `${url}/api/v1/resellers/profile`, headers: { authorization: holder.headers.authorization }, duration: s });
      for (const days of [30, 90]) {
        await compare(
          { label: `programme dashboard (${days} days and the ${days} before, health), 1 000 resellers × 90 days of rollups`, ceilingLabel: 'profile GET, signed in, same run', kind: 'rate', p99Goal: 50 },
          sizes.rounds,
          () => http({ url: `${url}/api/v1/operator/dashboard?days=${days}`, headers: { authorization: operator.headers.authorization }, duration: s }),
          profile,
        );
      }
    }
    if (want('vpn')) {
      // The VPN subscription list and its search.
      const vpnUrl = `${url}/api/v1/resellers/vpn?page_limit=10&page=1`;
      const vpnPage = (extra: string, params: unknown[]) => () =>
        pool.query(
          `select v.id, v.username, v.email, c.code as coupon_code, v.cycle, v.billing_type, v.addons, v.hosting_status, v.start_at, v.end_at, v.created_at
           from vpn_accounts v left join coupons c on c.id = v.coupon_id where v.reseller_id = $1 ${extra} order by v.created_at desc, v.id desc limit 10`,
          [holder.id, ...params],
        );
      await compare(
        { label: `VPN subscription list, ${sizes.vpn.toLocaleString('en-US')} accounts`, ceilingLabel: 'bare SELECT … LIMIT 10 (no total)', kind: 'rate', p99Goal: 30 },
        sizes.rounds,
        () => http({ url: vpnUrl, method: 'POST', headers: holder.headers, body: JSON.stringify({ search: '' }), duration: s }),
        () => bare(vpnPage('', []), 10, s),
      );
      await compare(
        { label: `VPN subscription search ("user4242"), ${sizes.vpn.toLocaleString('en-US')} accounts`, ceilingLabel: 'bare SELECT … LIMIT 10 by e-mail or username (no total)', kind: 'rate', p99Goal: 30 },
        sizes.rounds,
        () => http({ url: vpnUrl, method: 'POST', headers: holder.headers, body: JSON.stringify({ search: 'user4242' }), duration: s }),
        () => bare(vpnPage("and (v.email ilike $2 or v.username ilike $2 or v.coupon_code ilike $2)", ["%user4242%"]), 10, s),
      );

      // The v2 users list a partner's server reconciles with: a page of 100 from the middle of the walk.
      const made = (await (await fetch(`${url}/api/v2/client/generate-secret-key`, { method: 'POST', headers: holder.headers, body: JSON.stringify({ mode: 'live' }) })).json()) as { body: { SecretKey: string } };
      const tokens = (await (
        await fetch(`${url}/api/v2/client/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ secretKey: made.body.SecretKey }) })
      ).json()) as { body: { AccessToken: string } };
      const [cursor] = await rows<{ id: number; created_at: Date }>(
        database.db,
        sql`select id, created_at from vpn_accounts where reseller_id = ${holder.id} order by created_at desc, id desc offset ${Math.floor(sizes.vpn / 2)} limit 1`,
      );
      const usersPage = `${url}/api/v2/client/users?limit=100&starting_after=${cursor?.id}`;
      const bareUsersPage = () =>
        pool.query(
          `select v.id, v.username, v.email, c.code as coupon_code, v.cycle, v.billing_type, v.addons, v.hosting_status, v.start_at, v.end_at, v.created_at
           from vpn_accounts v left join coupons c on c.id = v.coupon_id
           where v.reseller_id = $1 and (v.created_at, v.id) < ($2, $3) order by v.created_at desc, v.id desc limit 101`,
          [holder.id, cursor?.created_at, cursor?.id],
        );
      const v2Auth = { authorization: `Bearer ${tokens.body.AccessToken}` };
      await compare(
        { label: `v2 users list (cursor, 100 a page), ${sizes.vpn.toLocaleString('en-US')} users, 10 at once`, ceilingLabel: 'bare SELECT … LIMIT 101 after the cursor', kind: 'rate' },
        sizes.rounds,
        () => http({ url: usersPage, headers: v2Auth, duration: s }),
        () => bare(bareUsersPage, 10, s),
      );
      // The latency a partner's server sees: one caller at a time, so the p99 is the call's own
      // time and not the queue of ten callers on two cores.
      await compare(
        { label: `v2 users list (cursor, 100 a page), ${sizes.vpn.toLocaleString('en-US')} users, one caller`, ceilingLabel: 'bare SELECT … LIMIT 101 after the cursor, one caller', kind: 'rate', p99Goal: 30 },
        sizes.rounds,
        () => http({ url: usersPage, headers: v2Auth, duration: s, connections: 1 }),
        () => bare(bareUsersPage, 1, s),
      );
    }
    if (want('export')) {
      // The CSV export of every coupon of the reseller.
      let peak = 0;
      const exportRound = async (): Promise<Sample> => {
        const ticket = (await (await fetch(`${url}/api/v1/coupons/export`, { method: 'POST', headers: holder.headers, body: noFilter })).json()) as { body: { url: string } };
        const baseline = process.memoryUsage().rss;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - baseline)), 25);
        const t0 = performance.now();
        // node:http as the client, the lightest reader in this process (as COPY's own stream is below).
      const lines = await countLines(await new Promise<IncomingMessage>((resolve, reject) => httpGet(`${url}${ticket.body.url}`, resolve).on('error', reject)));
        clearInterval(sampler);
        return { value: (lines - 1) / ((performance.now() - t0) / 1000) };
      };
      const copyRound = async (): Promise<Sample> => {
        const t0 = performance.now();
        const stream = await database.copyOut(
          `copy (select c.code, c.billing_type, c.cycle, c.redeemed_at, c.created_at, c.expires_at from coupons c where c.reseller_id = ${holder.id} and c.deleted_at is null order by c.created_at desc, c.id desc) to stdout with (format csv, header true)`,
        );
        const lines = await countLines(stream);
        return { value: (lines - 1) / ((performance.now() - t0) / 1000) };
      };
      await compare(
        { label: `CSV export of ${sizes.coupons.toLocaleString('en-US')} rows, rows/s (HTTP, read by a client)`, ceilingLabel: 'bare COPY … TO STDOUT of the same rows, same pool', kind: 'rate', goal: 0.5 },
        sizes.exportRounds,
        exportRound,
        copyRound,
      );
      console.log(`    memory   peak RSS above the start of a round: ${(peak / 2 ** 20).toFixed(0)} MB`);

    }
    if (want('generate')) {
      // Generating 10 000 coupons in one call (the partner's plan) against a bare insert of 10 000 rows.
      const [batch] = await rows<{ id: number }>(database.db, sql`select max(id) as id from coupon_batches`);
      await transact(app.ctx, (unit) => credit(app.ctx, unit, { resellerId: partner.id, amountCents: 100_000_000_000, kind: 'admin_credit', reference: 'bench', description: 'Bench funds' }));
      await compare(
        { label: 'generate 10 000 coupons, one call (HTTP, ledger, the codes in the answer)', ceilingLabel: 'bare unnest INSERT of 10 000 rows in a transaction, same table and pool', kind: 'time', goal: 0.5 },
        sizes.generateRounds,
        () =>
          timed(async () => {
            const res = await fetch(`${url}/api/v1/coupons/create`, { method: 'POST', headers: partner.headers, body: generateBody(10_000) });
            if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
            await res.arrayBuffer();
          }),
        () =>
          timed(async () => {
            const codes = randomCodes('', 10_000);
            const client = await pool.connect();
            try {
              await client.query('begin');
              await client.query(
                `insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at)
                 select $1, $2, c, $3, 1, 'biennially', 4500, now(), now() + interval '1 year' from unnest($4::text[]) as c`,
                [partner.id, batch?.id, product?.id, codes],
              );
              await client.query('commit');
            } finally {
              client.release();
            }
          }),
      );

    }
    if (want('wallet')) {
      // The hot wallet: many one-coupon generations on one reseller at once.
      const hot = wallet.id;
      await transact(app.ctx, (unit) => credit(app.ctx, unit, { resellerId: hot, amountCents: 10_000_000_000, kind: 'admin_credit', reference: 'bench', description: 'Bench funds' }));
      const one = generateBody(1);
      const unitCents = Math.round(((await (await fetch(`${url}/api/v1/coupons/create`, { method: 'POST', headers: wallet.headers, body: one })).json()) as { body: { amount: number } }).body.amount * 100);
      const bareDebit = () =>
        pool.query(
          `with paid as (update resellers set balance_cents = balance_cents - $2 where id = $1 and balance_cents - $2 >= -credit_limit_cents returning balance_cents)
           insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description)
           select $1, -$2::bigint, balance_cents, 'coupon_purchase', 'bench', 'Bench debit' from paid`,
          [hot, unitCents],
        );
      await compare(
        { label: 'hot wallet: one-coupon generations on one reseller, 50 at once, calls/s', ceilingLabel: 'bare conditional debit + ledger insert (one statement, its own transaction) on the same row, 50 at once, same pool', kind: 'rate', goal: 0.75 },
        sizes.rounds,
        () => http({ url: `${url}/api/v1/coupons/create`, method: 'POST', headers: wallet.headers, body: one, connections: 50, duration: s }),
        () => bare(bareDebit, 50, s),
      );
      // The same generations by an Operations member whose daily limit is checked on every charge
      // (issue 34: in wallet_move, under the wallet's row lock, against the member's spending that
      // day), held to the same bare debit. The limit is set far above what the run spends, so each
      // call is charged and none is refused: the cost measured is the check's.
      await database.db.execute(sql`insert into people (email, name, password_hash, verified_at)
        select 'bench-operations@demo.partner-panel.test', 'Bench Operations', password_hash, now() from people where lower(email) = 'admin@demo.partner-panel.test'`);
      await database.db.execute(sql`insert into memberships (reseller_id, person_id, role, daily_limit_cents)
        select ${hot}, id, 'operations', 1000000000000 from people where email = 'bench-operations@demo.partner-panel.test'`);
      const member = await signIn(url, 'bench-operations@demo.partner-panel.test');
      await compare(
        { label: "hot wallet, a member's daily limit checked: one-coupon generations by an Operations member, 50 at once, calls/s", ceilingLabel: 'bare conditional debit + ledger insert (one statement, its own transaction) on the same row, 50 at once, same pool', kind: 'rate', goal: 0.75 },
        sizes.rounds,
        () => http({ url: `${url}/api/v1/coupons/create`, method: 'POST', headers: member.headers, body: one, connections: 50, duration: s }),
        () => bare(bareDebit, 50, s),
      );
      // What any signed-in call reaches here: the same callers reading the profile (session + row,
      // no write). The hot wallet is held back by the request around it once this ratio nears 1.
      await compare(
        { label: 'hot wallet beside a signed-in read: one-coupon generations vs profile GETs, 50 at once', ceilingLabel: 'GET /api/v1/resellers/profile, same session, 50 at once', kind: 'rate' },
        sizes.rounds,
        () => http({ url: `${url}/api/v1/coupons/create`, method: 'POST', headers: wallet.headers, body: one, connections: 50, duration: s }),
        () => http({ url: `${url}/api/v1/resellers/profile`, headers: { authorization: wallet.headers.authorization }, connections: 50, duration: s }),
      );
      // What bounds the rate on this machine, load or not: the CPU a generation costs, beside the
      // bare debit's and a signed-in read's (docs/performance.md).
      const cpuCalls = quick ? 1_000 : 3_000;
      const generationCpu = await cpuPerHttpCall(cluster, { url: `${url}/api/v1/coupons/create`, method: 'POST', headers: wallet.headers, body: one, connections: 50, calls: cpuCalls });
      printCpu('hot wallet: one-coupon generation, 50 at once', generationCpu, await cpuPerBareCall(cluster, bareDebit, 50, cpuCalls), 'bare conditional debit + ledger insert, 50 at once');
      printCpu(
        "hot wallet, a member's daily limit checked, 50 at once",
        await cpuPerHttpCall(cluster, { url: `${url}/api/v1/coupons/create`, method: 'POST', headers: member.headers, body: one, connections: 50, calls: cpuCalls }),
        await cpuPerBareCall(cluster, bareDebit, 50, cpuCalls),
        'bare conditional debit + ledger insert, 50 at once',
      );
      printCpu('hot wallet beside a signed-in read', generationCpu, await cpuPerHttpCall(cluster, { url: `${url}/api/v1/resellers/profile`, headers: { authorization: wallet.headers.authorization }, connections: 50, calls: cpuCalls }), 'GET /api/v1/resellers/profile, same session, 50 at once');
      // The ceiling's last debits may still wait in the pool after its time is up: they must land
      // before the wallet is set to the affordable amount, or they would spend from it.
      while (pool.waitingCount > 0 || pool.totalCount > pool.idleCount) await new Promise((r) => setTimeout(r, 50));
      // Exactly the affordable number succeed, and the ledger adds up to the balance.
      const [{ balance_cents: left } = { balance_cents: 0 }] = await rows<{ balance_cents: number }>(database.db, sql`select balance_cents from resellers where id = ${hot}`);
      const target = sizes.affordable * unitCents;
      if (left > target) await transact(app.ctx, (unit) => debit(app.ctx, unit, { resellerId: hot, amountCents: left - target, kind: 'admin_debit', reference: 'bench', description: 'Bench: down to the affordable amount' }));
      const calls = sizes.affordable * 2;
      let next = 0;
      let ok = 0;
      let refused = 0;
      let other = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next++ < calls) {
            const res = await fetch(`${url}/api/v1/coupons/create`, { method: 'POST', headers: wallet.headers, body: one });
            await res.arrayBuffer();
            if (res.status === 200) ok++;
            else if (res.status === 402) refused++;
            else other++;
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      const [check] = await rows<{ balance: number; ledger: number }>(
        database.db,
        sql`select (select balance_cents from resellers where id = ${hot}) as balance, (select sum(amount_cents) from wallet_ledger where reseller_id = ${hot}) as ledger`,
      );
      const exact = ok === sizes.affordable && Number(check?.balance) === 0 && Number(check?.ledger) === Number(check?.balance) && other === 0;
      console.log(
        `    exactness ${calls} calls for ${sizes.affordable} affordable: ${ok} succeeded, ${refused} refused, ${other} other, balance ${check?.balance}, ledger sum ${check?.ledger} → ${exact ? 'exact' : 'NOT EXACT'} (${Math.round(calls / elapsed)} calls/s)`,
      );
      if (!exact) throw new Error('the hot wallet is not exact');
    }
    summary();
  } finally {
    await plain.close();
    await fair.close();
    await app.close();
    devNull.close();
    await drop();
  }
  return grossRegressions();
}
