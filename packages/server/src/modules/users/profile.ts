/**
 * The profile of an admin's user (002 §3): who it is, its wallet, its counters, the money that
 * went in and out of its wallet, and its price per cycle of both product types — the same price
 * book every purchase and renewal of that user is charged from.
 */
import { sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, RECURRING_CYCLES, centsToDollars, type CallResult, type Contract } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { dashboardCounts } from '../dashboard/service.js';
import { priceBook, type PriceBook } from '../products/pricing.js';
import type { ResellerRow } from '../profile/present.js';

export type UserProfile = CallResult<Contract['getUser']>;
type Cycle = (typeof RECURRING_CYCLES)[number];

/** The spec's status of a user (0 inactive, 1 active) from ours (1 active, 2 inactive). */
export const profileStatus = (status: number): 0 | 1 => (status === ACCOUNT_STATUS.active ? 1 : 0);

/** Prices of one billing type (1 recurring, 2 onetime) by cycle, in cents. */
export function cyclePrices(book: PriceBook, billingType: 1 | 2): Record<Cycle, number> {
  const out = {} as Record<Cycle, number>;
  for (const cycle of RECURRING_CYCLES) {
    out[cycle] = book.products.find((p) => p.billingType === billingType && p.cycle === cycle)?.priceCents ?? 0;
  }
  return out;
}

const inDollars = (prices: Record<Cycle, number>) =>
  Object.fromEntries(Object.entries(prices).map(([cycle, cents]) => [cycle, centsToDollars(cents)])) as Record<Cycle, number>;

export async function userProfile(ctx: Pick<AppContext, 'db' | 'clock'>, user: ResellerRow, tx: Tx = ctx.db): Promise<UserProfile> {
  const reads = [
    () => dashboardCounts({ db: tx as AppContext['db'], clock: ctx.clock }, user.id),
    () => priceBook(tx, user.id, ctx.clock.now()),
    () =>
      rows<{ amount_in: string | number; amount_out: string | number }>(
        tx,
        sql`select coalesce(sum(amount_cents) filter (where amount_cents > 0), 0) as amount_in,
                   coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0) as amount_out
            from wallet_ledger where reseller_id = ${user.id}`,
      ),
  ] as const;
  // On the pool the reads go at once; in a transaction, whose connection runs one statement at a
  // time, one after the other.
  const [counts, book, [money]] =
    tx === ctx.db
      ? await Promise.all([reads[0](), reads[1](), reads[2]()])
      : [await reads[0](), await reads[1](), await reads[2]()];
  return {
    id: user.id,
    clientId: user.clientId,
    firstName: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    balance: centsToDollars(user.balanceCents),
    ...counts,
    verified: user.verifiedAt !== null,
    status: profileStatus(user.status),
    amountIn: centsToDollars(Number(money?.amount_in ?? 0)),
    amountOut: centsToDollars(Number(money?.amount_out ?? 0)),
    recuringPricing: inDollars(cyclePrices(book, 1)),
    nonRecuringPricing: inDollars(cyclePrices(book, 2)),
    two_factor_required: user.twoFactorRequired,
  };
}
