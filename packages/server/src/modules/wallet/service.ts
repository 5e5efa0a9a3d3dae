/**
 * The wallet: every balance change is a conditional update of the balance and an append-only
 * ledger row, in the caller's transaction, announced on the reseller's channel after commit.
 * Concurrent spends can never overdraw: the update only happens while the balance covers it.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rows } from '../../db/index.js';
import type { Unit } from '../../db/unit.js';
import { resellers, walletLedger, type LedgerKind } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';

export interface Movement {
  resellerId: number;
  amountCents: number;
  kind: LedgerKind;
  reference: string;
  description: string;
  /** Who caused it when it is not the wallet's owner (an admin parent). */
  actorId?: number | null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** "$1,234.50": how money reads in messages. */
export const formatUsd = (cents: number) => usd.format(cents / 100);

type Ctx = Pick<AppContext, 'notifier'>;

async function record(unit: Unit, m: Movement, signedCents: number, balanceAfter: number) {
  await unit.tx.insert(walletLedger).values({
    resellerId: m.resellerId,
    amountCents: signedCents,
    balanceAfterCents: balanceAfter,
    kind: m.kind,
    reference: m.reference,
    description: m.description,
    actorId: m.actorId ?? null,
  });
}

/** Takes money out; refuses with the spec's message when the balance does not cover it. */
export async function debit(ctx: Ctx, unit: Unit, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`invalid debit ${m.amountCents}`);
  const [row] = await rows<{ balance_cents: number }>(
    unit.tx,
    sql`update resellers set balance_cents = balance_cents - ${m.amountCents}, updated_at = now()
        where id = ${m.resellerId} and balance_cents >= ${m.amountCents}
        returning balance_cents`,
  );
  if (!row) {
    const [current] = await unit.tx.select({ balance: resellers.balanceCents }).from(resellers).where(eq(resellers.id, m.resellerId));
    throw fail('insufficientBalance', { balance: formatUsd(current?.balance ?? 0), amount: formatUsd(m.amountCents) }, {
      balance: (current?.balance ?? 0) / 100,
      amount: m.amountCents / 100,
    });
  }
  const balance = Number(row.balance_cents);
  await record(unit, m, -m.amountCents, balance);
  ctx.notifier.balanceChanged(unit, m.resellerId, balance);
  return balance;
}

/** Puts money in: deposits, admin credits and refunds. */
export async function credit(ctx: Ctx, unit: Unit, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`invalid credit ${m.amountCents}`);
  const [row] = await rows<{ balance_cents: number }>(
    unit.tx,
    sql`update resellers set balance_cents = balance_cents + ${m.amountCents}, updated_at = now()
        where id = ${m.resellerId} returning balance_cents`,
  );
  if (!row) throw fail('fetchDetails');
  const balance = Number(row.balance_cents);
  await record(unit, m, m.amountCents, balance);
  ctx.notifier.balanceChanged(unit, m.resellerId, balance);
  return balance;
}

export const refund = (ctx: Ctx, unit: Unit, m: Movement) => credit(ctx, unit, m);
