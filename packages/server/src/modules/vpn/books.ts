/**
 * Where VPN accounts and the money that buys them are kept. The live books are the real accounts
 * and the reseller's wallet; the sandbox books are a table of their own and a play-money wallet.
 * The account service takes the books to work in, so a sandbox key reaches no live account and
 * no live money by construction, not by a filter someone could forget.
 */
import { eq } from 'drizzle-orm';
import { CLIENT_API, description, type KeyMode } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/index.js';
import type { Unit } from '../../db/unit.js';
import { resellers, sandboxLedger, sandboxVpnAccounts, sandboxWallets, vpnAccounts } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { debit, formatUsd, type Movement } from '../wallet/service.js';

export interface Books {
  mode: KeyMode;
  /** The accounts table (the sandbox's has the same columns). */
  accounts: typeof vpnAccounts;
  /** Takes money from the books' wallet in the unit of work; answers the balance after. */
  debit(ctx: Pick<AppContext, 'notifier'>, unit: Unit, m: Movement): Promise<number>;
  balanceCents(tx: Tx, resellerId: number): Promise<number>;
  /** Whether end users are mailed and the reseller notified: never for the sandbox. */
  announces: boolean;
  /** How the audit log names an account of these books. */
  auditTarget: string;
}

export const liveBooks: Books = {
  mode: 'live',
  accounts: vpnAccounts,
  debit,
  async balanceCents(tx, resellerId) {
    const [row] = await tx.select({ balance: resellers.balanceCents }).from(resellers).where(eq(resellers.id, resellerId));
    return row?.balance ?? 0;
  },
  announces: true,
  auditTarget: 'vpn_account',
};

const OPENING_CENTS = CLIENT_API.sandboxOpeningBalanceUsd * 100;

/** Opens the reseller's sandbox wallet (once, with its ledger row) and locks it. */
async function openSandboxWallet(tx: Tx, resellerId: number): Promise<number> {
  const opened = await tx
    .insert(sandboxWallets)
    .values({ resellerId, balanceCents: OPENING_CENTS })
    .onConflictDoNothing({ target: sandboxWallets.resellerId })
    .returning({ balance: sandboxWallets.balanceCents });
  if (opened.length) {
    await tx.insert(sandboxLedger).values({
      resellerId,
      amountCents: OPENING_CENTS,
      balanceAfterCents: OPENING_CENTS,
      kind: 'sandbox_opening',
      description: description('sandboxOpened'),
    });
  }
  const [row] = await tx.select({ balance: sandboxWallets.balanceCents }).from(sandboxWallets).where(eq(sandboxWallets.resellerId, resellerId)).for('update');
  return row?.balance ?? 0;
}

export const sandboxBooks: Books = {
  mode: 'sandbox',
  // Same columns, another table: only the name differs at run time.
  accounts: sandboxVpnAccounts as unknown as typeof vpnAccounts,
  async debit(_ctx, unit, m) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error(`invalid debit ${m.amountCents}`);
    const current = await openSandboxWallet(unit.tx, m.resellerId);
    if (current < m.amountCents) {
      throw fail('insufficientBalance', { balance: formatUsd(current), amount: formatUsd(m.amountCents) }, { balance: current / 100, amount: m.amountCents / 100 });
    }
    const balance = current - m.amountCents;
    await unit.tx.update(sandboxWallets).set({ balanceCents: balance, updatedAt: new Date() }).where(eq(sandboxWallets.resellerId, m.resellerId));
    await unit.tx.insert(sandboxLedger).values({
      resellerId: m.resellerId,
      amountCents: -m.amountCents,
      balanceAfterCents: balance,
      kind: m.kind === 'vpn_renewal' ? 'vpn_renewal' : 'vpn_purchase',
      reference: m.reference,
      description: m.description,
    });
    return balance;
  },
  async balanceCents(tx, resellerId) {
    const [row] = await tx.select({ balance: sandboxWallets.balanceCents }).from(sandboxWallets).where(eq(sandboxWallets.resellerId, resellerId));
    return row ? Number(row.balance) : OPENING_CENTS;
  },
  announces: false,
  auditTarget: 'sandbox_vpn_account',
};

/** Sets the sandbox wallet to an amount, with a ledger row for the difference. */
export async function setSandboxBalance(unit: Unit, resellerId: number, cents: number): Promise<number> {
  const current = await openSandboxWallet(unit.tx, resellerId);
  if (current === cents) return cents;
  await unit.tx.update(sandboxWallets).set({ balanceCents: cents, updatedAt: new Date() }).where(eq(sandboxWallets.resellerId, resellerId));
  await unit.tx.insert(sandboxLedger).values({
    resellerId,
    amountCents: cents - current,
    balanceAfterCents: cents,
    kind: 'sandbox_adjustment',
    description: description('sandboxSet', { amount: formatUsd(cents) }),
  });
  return cents;
}

export const booksOf = (mode: KeyMode): Books => (mode === 'sandbox' ? sandboxBooks : liveBooks);
