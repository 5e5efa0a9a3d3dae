/**
 * Coupons at scale, on the embedded PostgreSQL 15 as the product runs it (fsync on):
 * - generating 10 000 coupons in one call (goal ≤ 0.5 s on PostgreSQL);
 * - the list page with 1 000 000 coupons in the table, filtered by code and date (p50/p99, req/s);
 * - the streamed CSV export of 1 000 000 rows (rows/s, peak memory).
 * All 1 000 000 coupons belong to one reseller, so the export has a million rows to stream.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openEmbedded, type Database } from '../src/db/index.js';
import { seedDemo } from '../src/modules/demo/seed.js';
import { PRODUCTION, benchDataDir, load, row } from './harness.js';

const ROWS = Number(process.env.BENCH_COUPONS ?? 1_000_000);
const HOLDER = 1000; // the demo reseller

/** 1 000 000 coupons for one reseller, in 130 code prefixes, spread over the past year. */
async function seedCoupons(db: Database['db']) {
  await db.execute(sql`update resellers set balance_cents = 100000000000 where id = ${HOLDER}`);
  await db.execute(sql`insert into coupon_batches (reseller_id, product_id, quantity, unit_price_cents, total_cents) values (${HOLDER}, 105, ${ROWS}, 4500, 0)`);
  const step = 100_000;
  for (let from = 1; from <= ROWS; from += step) {
    await db.execute(sql`
      insert into coupons (reseller_id, batch_id, code, product_id, billing_type, cycle, price_cents, created_at, expires_at)
      select ${HOLDER}, 1, 'K' || lpad((i % 130)::text, 3, '0') || '-' || upper(substr(md5(i::text), 1, 12)), 105, 1, 'biennially', 4500,
             now() - ((i % 365) || ' days')::interval - ((i % 86400) || ' seconds')::interval,
             now() + interval '1 year'
      from generate_series(${from}::int, ${Math.min(ROWS, from + step - 1)}::int) as i`);
  }
  await db.execute(sql`update resellers set coupons_total = ${ROWS} where id = ${HOLDER}`);
  // As autovacuum would after a bulk load: statistics, and the visibility map for index-only counts.
  await db.execute(sql`vacuum analyze coupons`);
}

async function csrfHeaders(url: string) {
  const res = await fetch(`${url}/api/csrf`);
  const token = ((await res.json()) as { body: { csrf_token: string } }).body.csrf_token;
  return { 'csrf-token': token, cookie: `XSRF-TOKEN=${token}` };
}

async function run(database: Database) {
  console.log('\ncoupons on the embedded PostgreSQL 15 (fsync on)');
  const app = await buildApp(loadConfig({ ...PRODUCTION, RATE_LIMIT_LOGIN_PER_IP: '100000' }), { database });
  await seedDemo(database.db);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const csrf = await csrfHeaders(url);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'partner@demo.partner-panel.test', password: 'DemoPass2026!' }),
    });
    const token = ((await login.json()) as { body: { access_token: string } }).body.access_token;
    const auth = { ...csrf, authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // 1. 10 000 coupons in one call (reseller 903), five times.
    await database.db.execute(sql`update resellers set balance_cents = 100000000000 where id = 903`);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/coupons/create`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ quantity: 10_000, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' }),
      });
      if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    row('generate 10 000 coupons (one call, HTTP included)', `median ${(times[2] as number).toFixed(0)} ms, best ${(times[0] as number).toFixed(0)} ms`);

    // 2. The list page over 1 000 000 coupons.
    const seedStarted = performance.now();
    await seedCoupons(database.db);
    row(`seeded ${ROWS.toLocaleString('en-US')} coupons for one reseller`, `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const holderLogin = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { ...csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reseller@demo.partner-panel.test', password: 'DemoPass2026!' }),
    });
    const holderToken = ((await holderLogin.json()) as { body: { access_token: string } }).body.access_token;
    const holder = { ...csrf, authorization: `Bearer ${holderToken}`, 'content-type': 'application/json' };
    const today = new Date();
    const yearAgo = new Date(today.getTime() - 360 * 86_400_000);
    const filtered = JSON.stringify({ code: 'K042', dateStart: yearAgo.toISOString().slice(0, 10), dateEnd: today.toISOString().slice(0, 10), billingType: '' });
    const probe = (await (await fetch(`${url}/api/v1/coupons?page_limit=10&page=1`, { method: 'POST', headers: holder, body: filtered })).json()) as { body: { total: number } };
    const page = await load({ url: `${url}/api/v1/coupons?page_limit=10&page=1`, method: 'POST', headers: holder, body: filtered, connections: 10, duration: 8 });
    row(`list page, code + date filter (${probe.body.total.toLocaleString('en-US')} matches, exact total)`, `${page.rps} req/s, p50 ${page.p50} ms, p99 ${page.p99} ms, errors ${page.errors}`);
    const all = await load({
      url: `${url}/api/v1/coupons?page_limit=10&page=1`,
      method: 'POST',
      headers: holder,
      body: JSON.stringify({ code: '', dateStart: '', dateEnd: '', billingType: '' }),
      connections: 10,
      duration: 8,
    });
    row('list page, no filter (total from the counter)', `${all.rps} req/s, p50 ${all.p50} ms, p99 ${all.p99} ms, errors ${all.errors}`);
    const wide = await load({
      url: `${url}/api/v1/coupons?page_limit=10&page=1`,
      method: 'POST',
      headers: holder,
      body: JSON.stringify({ code: '', dateStart: yearAgo.toISOString().slice(0, 10), dateEnd: today.toISOString().slice(0, 10), billingType: '' }),
      connections: 10,
      duration: 8,
    });
    row('list page, date filter only (≈1 000 000 matches, total "10 000+")', `${wide.rps} req/s, p50 ${wide.p50} ms, p99 ${wide.p99} ms, errors ${wide.errors}`);

    // 3. The streamed export of all 1 000 000 rows.
    const ticket = (await (await fetch(`${url}/api/v1/coupons/export`, { method: 'POST', headers: holder, body: JSON.stringify({ code: '', dateStart: '', dateEnd: '', billingType: '' }) })).json()) as { body: { url: string } };
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const res = await fetch(`${url}${ticket.body.url}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    row(`export ${(lines - 1).toLocaleString('en-US')} rows as CSV (${(bytes / 2 ** 20).toFixed(0)} MB)`, `${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s, ${seconds.toFixed(1)} s`);
    row('export: peak memory of the process above its start', `${((peak - baseline) / 2 ** 20).toFixed(0)} MB (RSS ${(baseline / 2 ** 20).toFixed(0)} → ${(peak / 2 ** 20).toFixed(0)} MB)`);
  } finally {
    await app.close();
  }
}

export async function couponsBench() {
  const dataDir = benchDataDir();
  const database = await openEmbedded(dataDir, 10);
  try {
    await run(database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
