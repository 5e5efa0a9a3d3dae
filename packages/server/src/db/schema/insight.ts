import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/**
 * One reseller's day (UTC) in figures, for the dashboard's charts. Kept by statement triggers
 * (migration 0014) on the ledger, the coupons and the VPN accounts, so every figure moves in the
 * same transaction as the row it counts, and a chart reads at most a few hundred small rows
 * however many coupons there are.
 *
 * Active subscriptions are not stored per day but as starts and ends: an account counts +1 on the
 * day it was made and −1 on the day it stops (its end, or the day it was suspended); the active
 * count at the end of a day is the running sum up to that day.
 */
export const resellerDaily = pgTable(
  'reseller_daily',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Money spent on coupons and VPN accounts, net of coupon refunds. */
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    couponsGenerated: integer('coupons_generated').notNull().default(0),
    couponsRedeemed: integer('coupons_redeemed').notNull().default(0),
    couponsDeleted: integer('coupons_deleted').notNull().default(0),
    vpnStarted: integer('vpn_started').notNull().default(0),
    vpnEnded: integer('vpn_ended').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.day] })],
);
