import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/** A day's figures: the columns of the folded days and of the rows appended to them. */
const dayFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  /** Money spent on coupons and VPN accounts, net of coupon refunds. */
  spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
  couponsGenerated: integer('coupons_generated').notNull().default(0),
  couponsRedeemed: integer('coupons_redeemed').notNull().default(0),
  couponsDeleted: integer('coupons_deleted').notNull().default(0),
  vpnStarted: integer('vpn_started').notNull().default(0),
  vpnEnded: integer('vpn_ended').notNull().default(0),
});

/**
 * One reseller's day (UTC) in figures, for the dashboard's charts: the folded part. Statement
 * triggers on the ledger, the coupons and the VPN accounts append what each statement changes to
 * `reseller_daily_delta` in its own transaction (an insert, so concurrent charges on one wallet
 * never wait for each other's day row); a fold moves those rows here every few seconds, and readers
 * see both through the `reseller_days` view (migration 0015). A chart reads at most a few hundred
 * small rows however many coupons there are.
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
    ...dayFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.resellerId, t.day] }),
    // The programme dashboard's "active in a range": one probe per reseller for a day it spent on.
    index('reseller_daily_spent_idx').on(t.resellerId, t.day).where(sql`${t.spendCents} > 0`),
  ],
);

/**
 * The last UTC day each reseller spent on (a folded day whose spend is above zero), kept by
 * `fold_daily` for the resellers each fold touches: the programme dashboard counts the resellers
 * active in the range that ends today as those whose last such day falls in it, one small row each.
 */
export const resellerLastSpend = pgTable('reseller_last_spend', {
  resellerId: integer('reseller_id')
    .primaryKey()
    .references(() => resellers.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * The whole programme's day (UTC): the sum of every reseller's folded day, and how many resellers
 * spent on it. Kept by `fold_daily` for the days each fold touches (`refresh_programme_days`,
 * db/sql/rollups.sql), so the operator's dashboard reads one row a day whatever the count of
 * resellers (modules/operator/dashboard.ts).
 */
export const programmeDaily = pgTable('programme_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
  couponsGenerated: integer('coupons_generated').notNull().default(0),
  couponsRedeemed: integer('coupons_redeemed').notNull().default(0),
  vpnStarted: integer('vpn_started').notNull().default(0),
  vpnEnded: integer('vpn_ended').notNull().default(0),
  activeResellers: integer('active_resellers').notNull().default(0),
});

/**
 * What statements added to a reseller's days and no fold has moved into `reseller_daily` yet.
 * Append-only and without a foreign key, so writing it locks nothing another charge needs; the
 * fold drops the rows of resellers that no longer exist.
 */
export const resellerDailyDelta = pgTable(
  'reseller_daily_delta',
  {
    resellerId: integer('reseller_id').notNull(),
    ...dayFigures(),
  },
  (t) => [index('reseller_daily_delta_idx').on(t.resellerId, t.day)],
);
