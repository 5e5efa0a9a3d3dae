/**
 * A change of a wallet's balance, and the one road it takes: `wallet_move` (db/sql/wallet.sql), the
 * only writer of a balance and its ledger. A debit or a credit of the wallet service is a batch of
 * one, in the caller's transaction; a grouped charge (group-commit.ts) is a batch of many, in
 * `wallet_charge_batch`, which calls the same function. The rule (a debit only while the balance,
 * or a postpaid account's credit limit, covers it; one ledger row per movement, in the statement
 * that moves the balance) is written once, there. (The sandbox's play money, vpn/books.ts, is a
 * wallet of its own tables that no live money reaches.)
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/index.js';
import type { LedgerKind } from '../../db/schema/index.js';
import type { PriceVersions } from '../products/pricing.js';

export interface Movement {
  resellerId: number;
  amountCents: number;
  kind: LedgerKind;
  reference: string;
  description: string;
  /** Who caused it when it is not the wallet's owner (an admin parent). */
  actorId?: number | null;
  /** The payment a credit comes from (unique in the ledger). */
  paymentId?: number | null;
  /** The person who moved it (a member of the actor's account); their daily limit, if any, applies to a debit. */
  personId?: number | null;
}

/** One movement as `wallet_move` reads it from JSON. */
export interface MoveSpec {
  /** Signed as the ledger row records them: below zero takes money out; zero moves only the coupon counter. */
  cents: number;
  /** Coupons added to the reseller's counter when it moves (a generation). */
  coupons: number;
  kind: LedgerKind;
  reference: string;
  description: string;
  actor: number | null;
  payment: number | null;
  person: number | null;
  /** The price versions the amount was computed at: refused as stale once either has moved. Null: not priced from a kept book. */
  prices: [catalogue: number, reseller: number] | null;
  /** The ledger row's time (the server's clock, as the rows it pays for are dated). */
  at: string;
}

/**
 * What `wallet_move` answers for each movement, in order: whether it moved; the wallet after it (or,
 * refused, as it stood; null when there is no such reseller); whether it was refused as stale; and,
 * when refused for the member's daily limit, that limit and what they had spent that UTC day.
 */
export type MoveAnswer = [
  item: number,
  moved: boolean,
  balance: number | null,
  creditLimit: number | null,
  threshold: number | null,
  stale: boolean,
  dailyLimit?: [limitCents: number, spentCents: number] | null,
];

/** The movement as `wallet_move` reads it; `cents` is signed as the ledger records it. */
export function moveSpec(m: Movement, cents: number, at: Date, also: { couponsAdded?: number | undefined; pricedAt?: PriceVersions | undefined } = {}): MoveSpec {
  if (!Number.isSafeInteger(cents)) throw new Error(`invalid movement ${cents}`);
  return {
    cents,
    coupons: also.couponsAdded ?? 0,
    kind: m.kind,
    reference: m.reference,
    description: m.description,
    actor: m.actorId ?? null,
    payment: m.paymentId ?? null,
    person: m.personId ?? null,
    prices: also.pricedAt ? [also.pricedAt.catalogue, also.pricedAt.reseller] : null,
    at: at.toISOString(),
  };
}

/** Moves one wallet in the caller's transaction; answers each movement's outcome. */
export async function moveWallet(tx: Tx, resellerId: number, moves: MoveSpec[]): Promise<MoveAnswer[]> {
  const [row] = await rows<{ answers: MoveAnswer[] }>(tx, sql`select wallet_move(${resellerId}::int, ${JSON.stringify(moves)}::jsonb) as answers`);
  return row?.answers ?? [];
}
