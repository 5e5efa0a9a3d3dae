/**
 * The rows a grouped charge writes cross into plpgsql as JSON keyed by SQL column names
 * (wallet/batch-rows.ts). They are typed from the Drizzle schema: the `@ts-expect-error` lines
 * below are what `pnpm typecheck` holds (a misspelt, unknown or missing column fails it), and the
 * checks are what the function does at run time.
 */
import { describe, expect, it } from 'vitest';
import { auditLog, coupons, events } from '../src/db/schema/index.js';
import { batchRows, type ColumnRow, type TableRows } from '../src/modules/wallet/batch-rows.js';

const at = new Date('2026-01-01T00:00:00Z');
const coupon = { resellerId: 1, batchId: 2, code: 'ABC', productId: 105, billingType: 1, cycle: 'biennially', addonId: null, priceCents: 4_500, createdAt: at, expiresAt: at };

describe('a grouped charge’s rows', () => {
  it('are keyed by the table’s SQL column names, identities included', () => {
    expect(batchRows(coupons, [{ id: 7, ...coupon }])).toEqual([
      'coupons',
      [{ id: 7, reseller_id: 1, batch_id: 2, code: 'ABC', product_id: 105, billing_type: 1, cycle: 'biennially', addon_id: null, price_cents: 4_500, created_at: at, expires_at: at }],
    ]);
    const [name, rows] = batchRows(auditLog, [{ actorId: 1, action: 'coupons.generated', targetType: 'coupon_batch', targetId: '2' }]);
    expect(name).toBe('audit_log');
    expect(rows).toEqual([{ actor_id: 1, action: 'coupons.generated', target_type: 'coupon_batch', target_id: '2' }]);
  });

  it('refuse, at run time too, a field the table does not have', () => {
    const stray = { ...coupon, couponCode: 'ABC' } as typeof coupon;
    expect(() => batchRows(coupons, [stray])).toThrow('no column couponCode in coupons');
  });

  it('fail the type check on a wrong column', () => {
    const typed = () => {
      // @ts-expect-error a column coupons does not have (a misspelt or renamed one)
      batchRows(coupons, [{ ...coupon, couponCode: 'ABC' }]);
      // @ts-expect-error a column the table has, missing (code is required)
      batchRows(coupons, [{ resellerId: 1, batchId: 2, productId: 105, billingType: 1, cycle: 'biennially', priceCents: 4_500, expiresAt: at }]);
      // @ts-expect-error the same field built in a map: still checked, not only as a literal
      batchRows(coupons, ['A', 'B'].map((code) => ({ ...coupon, code, priceCent: 1 })));
      // @ts-expect-error a value of the wrong type
      batchRows(events, [{ id: 'evt_1', resellerId: 1, mode: 'live', type: 'coupon.generated', data: {}, seq: 'one' }]);
      // @ts-expect-error the JSON side is keyed by SQL names: a Drizzle name is not one of them
      const json: ColumnRow<typeof coupons> = { resellerId: 1, batch_id: 2, code: 'A', product_id: 1, billing_type: 1, cycle: 'monthly', price_cents: 1, expires_at: at };
      const rows: TableRows = ['coupons', [json]];
      return rows;
    };
    expect(typeof typed).toBe('function');
  });
});
