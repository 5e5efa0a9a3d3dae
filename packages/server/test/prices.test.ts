/**
 * Price books kept by the process between calls (products/price-cache.ts): a generation is priced
 * from the book kept since the reseller's last call, and its charge is refused as stale, writing
 * nothing, when the reseller's prices or the catalogue have moved since; it is then priced again
 * from a fresh book. No charge is ever made at a price that was not current when it committed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { AppError } from '../src/http/errors.js';
import { withPriceBook } from '../src/modules/products/price-cache.js';
import type { PriceBook } from '../src/modules/products/pricing.js';
import { StalePrices } from '../src/modules/wallet/group-commit.js';
import { testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { balanceCents, ledger, query } from './support/sql.js';

const t = await testApp();
const admin = await t.signIn('admin@demo.partner-panel.test');
const SUB1 = 1002; // the admin's user, $500
const sub1 = await t.signIn('sub1@demo.partner-panel.test');
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const RESELLER = Number((await query<{ id: number }>(t, sql`select id from resellers where email = 'reseller@demo.partner-panel.test'`))[0]?.id);

const biennial = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' } as const;
const couponsOf = async (id: number) => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from coupons where reseller_id = ${id}`))[0]?.n);

describe('a price book kept between calls', () => {
  it("charges the price the admin set since the user's last generation, and writes nothing at the old one", async () => {
    const first = await sub1.api.generateCoupons(biennial);
    expect(first.amount).toBe(45);
    const before = { balance: await balanceCents(t, SUB1), coupons: await couponsOf(SUB1), ledger: (await ledger(t, SUB1)).length };
    const set = await t.post('/api/v1/resellers/update/user/pricing', { user_reseller_id: SUB1, update: 'biennially', recursive: 1, value: 50 }, admin.token);
    expect(set.json.header.code).toBe(80022);

    const second = await sub1.api.generateCoupons(biennial);
    expect(second.amount).toBe(50);
    expect(await balanceCents(t, SUB1)).toBe(before.balance - 5_000);
    // One generation: one coupon and one ledger row, none from the refused attempt.
    expect(await couponsOf(SUB1)).toBe(before.coupons + 1);
    const rows = await ledger(t, SUB1);
    expect(rows).toHaveLength(before.ledger + 1);
    expect(Number(rows.at(-1)?.amount_cents)).toBe(-5_000);
    const [batch] = await query<{ unit_price_cents: number }>(t, sql`select unit_price_cents from coupon_batches where reseller_id = ${SUB1} order by id desc limit 1`);
    expect(Number(batch?.unit_price_cents)).toBe(5_000);
  });

  it('charges a catalogue price changed by another process since (the catalogue file written at its start)', async () => {
    expect((await reseller.api.generateCoupons(biennial)).amount).toBe(45);
    await t.database.db.execute(sql`update products set price_cents = 4700 where id = 105`);
    try {
      const balance = await balanceCents(t, RESELLER);
      expect((await reseller.api.generateCoupons(biennial)).amount).toBe(47);
      expect(await balanceCents(t, RESELLER)).toBe(balance - 4_700);
      // An addon's price is part of the catalogue too.
      await t.database.db.execute(sql`update addons set monthly_price_cents = 200 where id = 1`);
      expect((await reseller.api.generateCoupons({ ...biennial, addon_type: 1 } as never)).amount).toBe(47 + 48);
    } finally {
      await t.database.db.execute(sql`update products set price_cents = 4500 where id = 105`);
      await t.database.db.execute(sql`update addons set monthly_price_cents = 100 where id = 1`);
    }
  });

  it('refuses a product withdrawn from the catalogue since, without charging', async () => {
    expect((await reseller.api.generateCoupons(biennial)).amount).toBe(45);
    await t.database.db.execute(sql`update products set active = false where id = 105`);
    try {
      const balance = await balanceCents(t, RESELLER);
      const coupons = await couponsOf(RESELLER);
      const e = await failure(reseller.api.generateCoupons(biennial));
      expect(e).toMatchObject({ httpStatus: 422, code: 'rspf-product-5011', message: 'The selected product is not available.' });
      expect(await balanceCents(t, RESELLER)).toBe(balance);
      expect(await couponsOf(RESELLER)).toBe(coupons);
    } finally {
      await t.database.db.execute(sql`update products set active = true where id = 105`);
    }
  });

  it('moves the versions only when a price does: the catalogue written again unchanged moves nothing', async () => {
    const version = async () => Number((await query<{ v: number }>(t, sql`select version as v from catalogue_version`))[0]?.v);
    const prices = async () => Number((await query<{ v: number }>(t, sql`select prices_version as v from resellers where id = ${SUB1}`))[0]?.v);
    const [catalogue, own] = [await version(), await prices()];
    await t.database.db.execute(sql`update products set price_cents = price_cents`);
    expect(await version()).toBe(catalogue);
    await t.database.db.execute(sql`update addons set name = name || '' where id = 2`);
    expect(await version()).toBe(catalogue);
    await t.database.db.execute(sql`update addons set monthly_price_cents = monthly_price_cents + 0 where id = 2`);
    expect(await version()).toBe(catalogue);
    await t.database.db.execute(sql`update products set price_cents = price_cents + 1 where id = 101`);
    await t.database.db.execute(sql`update products set price_cents = price_cents - 1 where id = 101`);
    expect(await version()).toBe(catalogue + 2);
    // A user's own price set, and taken away.
    await t.database.db.execute(sql`delete from reseller_prices where reseller_id = ${SUB1}`);
    expect(await prices()).toBeGreaterThan(own);
  });

  it('answers that the prices changed, after three fresh books, when they move at every attempt', async () => {
    const books: PriceBook[] = [];
    const e = (await withPriceBook(
      t.app.ctx,
      RESELLER,
      async (book) => {
        books.push(book);
        // As a charge refused as stale at every attempt would.
        await t.database.db.execute(sql`update catalogue_version set version = version + 1`);
        throw new StalePrices();
      },
      { kept: true },
    ).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    )) as AppError;
    expect(e).toBeInstanceOf(AppError);
    expect(e.entry).toMatchObject({ code: 'rspf-product-5013', http: 409 });
    expect(e.message).toBe('The prices changed while this was being done. Please check them and try again.');
    expect(books).toHaveLength(3);
    // The kept book was used first; each later attempt read a fresh one.
    expect(books[1]?.versions.catalogue).toBeGreaterThan(books[0]?.versions.catalogue ?? Infinity);
    expect(books[2]?.versions.catalogue).toBeGreaterThan(books[1]?.versions.catalogue ?? Infinity);
  });

  it('prices each of many concurrent generations at the price current when it committed', async () => {
    const balance = await balanceCents(t, RESELLER);
    const before = await query<{ n: number }>(t, sql`select count(*)::int as n from wallet_ledger where reseller_id = ${RESELLER}`);
    const burst = () => Promise.all(Array.from({ length: 20 }, () => reseller.api.generateCoupons(biennial)));
    const early = burst();
    await t.database.db.execute(sql`update products set price_cents = 4600 where id = 105`);
    try {
      const late = await burst();
      // Everything asked after the change committed pays the new price.
      expect(late.every((g) => g.amount === 46)).toBe(true);
      const all = [...(await early), ...late];
      expect(all.every((g) => g.amount === 45 || g.amount === 46)).toBe(true);
      const charged = all.reduce((sum, g) => sum + Math.round(g.amount * 100), 0);
      expect(await balanceCents(t, RESELLER)).toBe(balance - charged);
      // Each ledger row is its own batch's total.
      const mismatched = await query<{ n: number }>(
        t,
        sql`select count(*)::int as n from wallet_ledger l join coupon_batches b on l.reference = 'coupon_batch:' || b.id
            where l.reseller_id = ${RESELLER} and l.amount_cents <> -b.total_cents`,
      );
      expect(mismatched[0]?.n).toBe(0);
      const after = await query<{ n: number }>(t, sql`select count(*)::int as n from wallet_ledger where reseller_id = ${RESELLER}`);
      expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(40);
    } finally {
      await t.database.db.execute(sql`update products set price_cents = 4500 where id = 105`);
    }
  });
});

describe('the books and the charge queues of one app', () => {
  it('are its own: a second app in the same process, on the same database, shares neither', async () => {
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', JOB_WORKERS: '0' }), { database: t.database, logger: false });
    try {
      await reseller.api.generateCoupons(biennial);
      const kept = t.app.ctx.priceBooks.get(RESELLER);
      expect(kept).toBeDefined();
      expect(second.ctx.priceBooks.has(RESELLER)).toBe(false);
      const book = await withPriceBook(second.ctx, RESELLER, async (b: PriceBook) => b, { kept: true });
      expect(second.ctx.priceBooks.get(RESELLER)).toBe(book);
      expect(t.app.ctx.priceBooks.get(RESELLER)).toBe(kept);
      expect(book).not.toBe(kept);
      expect(second.ctx.chargeQueues).not.toBe(t.app.ctx.chargeQueues);
    } finally {
      await second.close();
    }
  });
});
