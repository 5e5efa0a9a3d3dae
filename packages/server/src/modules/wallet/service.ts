/**
 * The wallet: every balance change is a conditional update of the balance and an append-only
 * ledger row, in the caller's transaction, announced on the reseller's channel after commit.
 * Concurrent spends can never overdraw: the update only happens while the balance covers it. The
 * rule is PostgreSQL's `wallet_move` (movement.ts): a debit or a credit here is a batch of one of
 * the same function a grouped charge (group-commit.ts) runs.
 *
 * Postpaid accounts (the partner reseller 903, and any the operator puts on postpaid terms): 903
 * has no wallet to fund and no billing screens (000 §6), so its charges (coupon generations, and the renewals of the accounts its coupons
 * became) go through the same debit with a credit limit: the balance may fall to −limit, a
 * negative balance is the amount owed, and each charge is a ledger row like any other. Past the
 * limit the charge is refused with its own message, which sends it to us rather than to Add Funds.
 */
import { RESTRICTED_RESELLER_ID, centsToDollars } from '@partner-panel/sdk';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../events/record.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { transact, type Unit } from '../../db/unit.js';
import { resellers } from '../../db/schema/index.js';
import { AppError, fail } from '../../http/errors.js';
import { metrics } from '../../ops/metrics.js';
import { ChargeRefused, chargeTogether, type Charge, type Paid } from './group-commit.js';
import { moveSpec, moveWallet, type Movement } from './movement.js';
import { crossedThreshold, warnOnLowBalance } from './low-balance.js';

export type { Movement } from './movement.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$1,234.50": how money reads in messages. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

// The ledger row is dated by the server's clock, as the coupons and accounts it pays for are, so
// the dashboard's days (reseller_daily) fall where the rows they count do.
type Ctx = Pick<AppContext, 'notifier' | 'clock'>;
/** A charge may also send the reseller's low-balance warning (low-balance.ts). */
type ChargeCtx = Ctx & Pick<AppContext, 'mail' | 'config'>;

/**
 * Why a debit was refused: the spending member's daily limit, the spec's 'Insufficient Balance!',
 * or a postpaid account's limit.
 */
function refusal(current: { balance: number; limit: number } | undefined, amountCents: number, day: [number, number] | null = null) {
  if (day) {
    const [limitCents, spentCents] = day;
    return fail('dailyLimitReached', { spent: formatUsd(spentCents), limit: formatUsd(limitCents), amount: formatUsd(amountCents) }, { spent: spentCents / 100, daily_limit: limitCents / 100, amount: amountCents / 100 });
  }
  const balance = current?.balance ?? 0;
  const limit = current?.limit ?? 0;
  if (limit > 0) {
    return fail(
      'creditLimitReached',
      { owed: formatUsd(Math.max(0, -balance)), amount: formatUsd(amountCents), limit: formatUsd(limit) },
      { owed: Math.max(0, -balance) / 100, amount: amountCents / 100, credit_limit: limit / 100 },
    );
  }
  return fail('insufficientBalance', { balance: formatUsd(balance), amount: formatUsd(amountCents) }, { balance: balance / 100, amount: amountCents / 100 });
}

/** Whether an error is a refused debit (a wallet that cannot pay, or a postpaid limit reached). */
export const isRefusedDebit = (error: unknown) =>
  error instanceof AppError && (error.entry.code === 'rspf-wallet-4021' || error.entry.code === 'rspf-wallet-4022' || error.entry.code === 'rspf-wallet-4023');

/**
 * Takes money out while the balance covers it, or, on a postpaid account, while the amount owed
 * stays within its credit limit; refuses otherwise, writing nothing. `couponsAdded` moves the
 * reseller's coupon counter in the same update (a generation).
 */
export async function debit(ctx: ChargeCtx, unit: Unit, m: Movement, also: { couponsAdded?: number } = {}): Promise<number> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`invalid debit ${m.amountCents}`);
  const [answer] = await moveWallet(unit.tx, m.resellerId, [moveSpec(m, -m.amountCents, ctx.clock.now(), also)]);
  const [, moved, balance, limit, threshold, , day] = answer ?? [0, false, null, null, null, false, null];
  if (!moved || balance === null) throw refusal(balance === null ? undefined : { balance, limit: limit ?? 0 }, m.amountCents, day ?? null);
  ctx.notifier.balanceChanged(unit, m.resellerId, balance);
  unit.afterCommit(() => countMovement('debit', m.amountCents));
  await warnOnLowBalance(ctx, unit, {
    resellerId: m.resellerId,
    amountCents: m.amountCents,
    balanceAfterCents: balance,
    creditLimitCents: limit ?? 0,
    thresholdCents: threshold,
  }, formatUsd);
  return balance;
}

/** What a committed charge answers of the wallet (wallet/group-commit.ts). */
export interface ChargedRow {
  out_balance: number;
  out_credit_limit: number;
  out_threshold: number | null;
}

/**
 * A debit together with the call's own rows, gathered with the other charges waiting for the same
 * wallet into one transaction (wallet/group-commit.ts): the same conditional update and ledger row
 * as `debit`. A refused charge answers as `debit` words it, and writes nothing.
 */
export async function chargeWallet(ctx: Pick<AppContext, 'clock' | 'database' | 'chargeQueues'>, charge: Charge): Promise<Paid> {
  try {
    return await chargeTogether(ctx, charge);
  } catch (error) {
    if (!(error instanceof ChargeRefused)) throw error;
    throw refusal(error.wallet, charge.movement.amountCents, error.dailyLimit);
  }
}

/**
 * What follows a committed charge: the balance announced, the movement counted and, when
 * the charge crossed the reseller's line, its warning — in a unit of its own right after the commit
 * (the charge's transaction has ended; a process stopped between the two loses the warning, never money).
 */
export async function afterCharge(ctx: ChargeCtx & Pick<AppContext, 'db' | 'log'>, m: Movement, row: ChargedRow): Promise<number> {
  const balance = Number(row.out_balance);
  const charge = {
    resellerId: m.resellerId,
    amountCents: m.amountCents,
    balanceAfterCents: balance,
    creditLimitCents: Number(row.out_credit_limit),
    thresholdCents: row.out_threshold === null ? null : Number(row.out_threshold),
  };
  countMovement('debit', m.amountCents);
  if (!crossedThreshold(charge)) {
    // Nothing to write: announce at once (the charge has committed).
    ctx.notifier.balanceChanged({ tx: ctx.db, beforeCommit: (step) => void step().catch((error: unknown) => ctx.log.warn({ err: error }, 'realtime publish failed')), afterCommit: (effect) => void effect() }, m.resellerId, balance);
    return balance;
  }
  await transact(ctx, async (unit) => {
    ctx.notifier.balanceChanged(unit, m.resellerId, balance);
    await warnOnLowBalance(ctx, unit, charge, formatUsd);
  });
  return balance;
}

/** Metrics count a movement once its transaction has committed. */
function countMovement(direction: 'debit' | 'credit', cents: number) {
  metrics.walletMovements.inc({ direction });
  metrics.walletCents.inc({ direction }, cents);
}

/** Puts money in: deposits, admin credits and refunds. */
export async function credit(ctx: Ctx, unit: Unit, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`invalid credit ${m.amountCents}`);
  const [answer] = await moveWallet(unit.tx, m.resellerId, [moveSpec(m, m.amountCents, ctx.clock.now())]);
  // A credit is refused only when there is no such wallet.
  const balance = answer?.[1] ? answer[2] : null;
  if (balance === null || balance === undefined) throw fail('fetchDetails');
  ctx.notifier.balanceChanged(unit, m.resellerId, balance);
  unit.afterCommit(() => countMovement('credit', m.amountCents));
  await recordEvent(unit.tx, {
    resellerId: m.resellerId,
    mode: 'live',
    type: 'wallet.credited',
    object: { object: 'wallet_credit', amount: centsToDollars(m.amountCents), balance: centsToDollars(balance), kind: m.kind, description: m.description },
  });
  return balance;
}

export const refund = (ctx: Ctx, unit: Unit, m: Movement) => credit(ctx, unit, m);

/**
 * Gives the partner reseller its configured credit limit at start-up, until the operator sets its
 * terms on the Resellers page (`terms_set_at`): from then on they are the operator's. A limit
 * lowered below what it already owes is raised to the amount owed (no further charge passes)
 * rather than refused.
 */
export async function syncCreditLimits(db: Db, partnerLimitCents: number, log: { warn(obj: unknown, msg?: string): void }) {
  const [row] = await db
    .update(resellers)
    .set({ creditLimitCents: sql`greatest(${partnerLimitCents}::bigint, -${resellers.balanceCents})` })
    .where(and(eq(resellers.id, RESTRICTED_RESELLER_ID), isNull(resellers.termsSetAt)))
    .returning({ limit: resellers.creditLimitCents, balance: resellers.balanceCents });
  if (row && row.limit > partnerLimitCents) {
    log.warn({ owed: -row.balance, limit: partnerLimitCents }, 'the partner reseller owes more than its configured credit limit; further charges are refused until it settles');
  }
}

