/**
 * The VPN account service: one place that creates, finds and changes the accounts that the portal,
 * redeemed coupons and the v2 client API all use. A create is paid from the wallet in the same
 * transaction; updating the e-mail or password, disabling and enabling never move the expiry;
 * deleting suspends the account for good and refunds nothing (001 §4).
 */
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, CYCLES, RESTRICTED_RESELLER_ID, centsToDollars, errors, type Cycle } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { rows } from '../../db/index.js';
import { transact, type Unit } from '../../db/unit.js';
import { resellers, vpnAccounts } from '../../db/schema/index.js';
import { AppError, fail, isUniqueViolation } from '../../http/errors.js';
import { vpnChangedMail, vpnCredentialsMail } from '../../adapters/mail/templates.js';
import { ADDONS } from '../../catalogue.js';
import { audit } from '../audit/index.js';
import { hashPassword } from '../auth/passwords.js';
import { addMonths } from '../coupons/generate.js';
import { loadReseller } from '../profile/service.js';
import { priceBook, priceOf } from '../products/pricing.js';
import { debit, formatUsd } from '../wallet/service.js';
import { findAccount, reachable, SELECT, type VpnRow } from './access.js';
import { newPassword, newUsername } from './credentials.js';
import { presentVpn } from './present.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config'>;
type Session = Pick<SessionReseller, 'id' | 'isAdmin' | 'name' | 'status'>;

export interface CreateInput {
  billing_cycle: string;
  product_id: number;
  billing_type: 1 | 2;
  email: string;
  addon_id: number | null;
}

const present = (ctx: Pick<AppContext, 'clock'>, row: VpnRow) => {
  const { id: _id, created_at: _created, ...account } = presentVpn(row, ctx.clock.now());
  return account;
};

async function reload(unit: Unit, id: number): Promise<VpnRow> {
  const [row] = await rows<VpnRow>(unit.tx, sql`${SELECT} where v.id = ${id}`);
  if (!row) throw fail('vpnNotFound');
  return row;
}

export async function createAccount(ctx: Ctx, session: Session, input: CreateInput) {
  const owner = await loadReseller(ctx, session.id);
  if (owner.id === RESTRICTED_RESELLER_ID) throw fail('restricted');
  if (owner.status !== ACCOUNT_STATUS.active) throw fail('accountInactive');
  const { product, addon, unitCents } = priceOf(await priceBook(ctx.db, owner.id), {
    productId: input.product_id,
    billingType: input.billing_type,
    cycle: input.billing_cycle,
    addonId: input.addon_id,
  });
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();

  const attempt = () =>
    transact(ctx, async (unit) => {
      const [account] = await unit.tx
        .insert(vpnAccounts)
        .values({
          resellerId: owner.id,
          username: newUsername(),
          passwordHash,
          email: input.email,
          productId: product.id,
          billingType: product.billingType,
          cycle: product.cycle,
          addons: addon ? [addon.key] : [],
          renewalPriceCents: product.billingType === 1 ? unitCents : 0,
          hostingStatus: 'active',
          source: 'portal',
          startAt: now,
          endAt: addMonths(now, product.months),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: vpnAccounts.id, username: vpnAccounts.username });
      if (!account) throw fail('internal');
      const plan = `${CYCLES[product.cycle as Cycle].label}${addon ? ` + ${addon.name}` : ''}`;
      const balance =
        unitCents > 0
          ? await debit(ctx, unit, {
              resellerId: owner.id,
              amountCents: unitCents,
              kind: 'vpn_purchase',
              reference: `vpn_account:${account.id}`,
              description: `VPN account ${account.username}: ${plan}`,
            })
          : owner.balanceCents;
      await ctx.mail.enqueue(unit.tx, vpnCredentialsMail({ to: input.email, username: account.username, password, plan, resellerName: owner.name, resellerId: owner.id }));
      await audit(unit.tx, { actorId: session.id, action: 'vpn.created', targetType: 'vpn_account', targetId: account.id, data: { email: input.email } });
      await ctx.notifier.notify(unit, owner.id, {
        type: 'vpn_created',
        message: `VPN account ${account.username} was created for ${input.email} (${formatUsd(unitCents)}).`,
        redirect: 'vpn/list',
        refId: account.id,
      });
      unit.afterCommit(() => ctx.mail.kick());
      return { account: present(ctx, await reload(unit, account.id)), amount: centsToDollars(unitCents), balance: centsToDollars(balance) };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two accounts drew the same username (50 random bits): draw again, once.
    if (isUniqueViolation(error, 'vpn_accounts_username_key')) return attempt();
    throw error;
  }
}

export async function searchAccounts(ctx: Pick<AppContext, 'db' | 'clock'>, session: Session, search: 'email' | 'coupon' | 'username', value: string) {
  const match =
    search === 'email'
      ? sql`lower(v.email) = lower(${value})`
      : search === 'coupon'
        ? sql`c.code = upper(${value})`
        : sql`v.username = lower(${value})`;
  const found = await rows<VpnRow>(ctx.db, sql`${SELECT} where ${match} and ${reachable(session)} order by v.created_at desc, v.id desc limit 100`);
  return found.map((r) => present(ctx, r));
}

/** Runs a change on a live (not deleted) account the session may reach, inside one unit of work. */
async function change<T>(ctx: Ctx, session: Session, username: string, work: (unit: Unit, account: VpnRow) => Promise<T>) {
  return transact(ctx, async (unit) => {
    const account = await findAccount(unit.tx, session, username, true);
    if (account.hosting_status === 'deleted') throw fail('vpnDeleted');
    return work(unit, account);
  });
}

export async function updateEmail(ctx: Ctx, session: Session, username: string, email: string) {
  return change(ctx, session, username, async (unit, account) => {
    if (account.email.toLowerCase() === email.toLowerCase()) throw fail('nothingToUpdate');
    await unit.tx.update(vpnAccounts).set({ email, updatedAt: ctx.clock.now() }).where(eq(vpnAccounts.id, account.id));
    await ctx.mail.enqueue(unit.tx, vpnChangedMail({ to: email, username: account.username, what: 'email', resellerId: account.reseller_id }));
    await audit(unit.tx, { actorId: session.id, action: 'vpn.email_updated', targetType: 'vpn_account', targetId: account.id, data: { from: account.email, to: email } });
    unit.afterCommit(() => ctx.mail.kick());
    return present(ctx, await reload(unit, account.id));
  });
}

export async function updatePassword(ctx: Ctx, session: Session, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  return change(ctx, session, username, async (unit, account) => {
    await unit.tx.update(vpnAccounts).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(vpnAccounts.id, account.id));
    await ctx.mail.enqueue(unit.tx, vpnChangedMail({ to: account.email, username: account.username, what: 'password', resellerId: account.reseller_id }));
    await audit(unit.tx, { actorId: session.id, action: 'vpn.password_updated', targetType: 'vpn_account', targetId: account.id });
    unit.afterCommit(() => ctx.mail.kick());
    return present(ctx, await reload(unit, account.id));
  });
}

const addonIdOf = (keys: string[]) => ADDONS.find((a) => a.key === keys[0])?.id ?? null;

const WITHDRAWN = new Set<string>([errors.productNotFound.code, errors.addonNotFound.code]);

/**
 * What one more cycle of a recurring account costs its reseller today: the reseller's current
 * price, or, once the plan or its addon has been withdrawn, the price last paid (a subscription
 * keeps renewing on the plan it was sold on). Null when the account has no price to fall back on.
 */
export async function renewalPrice(
  unit: Unit,
  account: Pick<VpnRow, 'reseller_id' | 'product_id' | 'billing_type' | 'cycle' | 'addons' | 'renewal_price_cents'>,
): Promise<{ months: number; unitCents: number } | null> {
  try {
    const { product, unitCents } = priceOf(await priceBook(unit.tx, account.reseller_id), {
      productId: account.product_id,
      billingType: Number(account.billing_type),
      cycle: account.cycle,
      addonId: addonIdOf(account.addons ?? []),
    });
    return { months: product.months, unitCents };
  } catch (error) {
    if (!(error instanceof AppError) || !WITHDRAWN.has(String(error.entry.code))) throw error;
    const months = (CYCLES as Record<string, { months: number } | undefined>)[account.cycle]?.months;
    return months && account.renewal_price_cents > 0 ? { months, unitCents: account.renewal_price_cents } : null;
  }
}

async function ensureMaySpend(unit: Unit, session: Session, ownerId: number) {
  if (session.status !== ACCOUNT_STATUS.active) throw fail('accountInactive');
  if (ownerId === session.id) return;
  const [owner] = await unit.tx.select({ status: resellers.status }).from(resellers).where(eq(resellers.id, ownerId));
  if (owner?.status !== ACCOUNT_STATUS.active) throw fail('userInactive');
}

/**
 * Disables or enables an account; the expiry stays. Enabling a recurring account whose period has
 * run out (suspended for lack of funds) pays the next period first, from now.
 */
export async function updateStatus(ctx: Ctx, session: Session, username: string, status: 'enable' | 'disable') {
  return change(ctx, session, username, async (unit, account) => {
    const now = ctx.clock.now();
    if (status === 'disable') {
      if (account.hosting_status === 'suspended') throw fail('vpnAlreadySuspended');
      await unit.tx.update(vpnAccounts).set({ hostingStatus: 'suspended', updatedAt: now }).where(eq(vpnAccounts.id, account.id));
    } else {
      if (account.hosting_status === 'active') throw fail('vpnAlreadyActive');
      const lapsed = Number(account.billing_type) === 1 && new Date(account.end_at) <= now;
      if (lapsed) {
        // Paying the next period is a purchase: a deactivated account may not make one.
        await ensureMaySpend(unit, session, account.reseller_id);
        const price = await renewalPrice(unit, account);
        if (!price) throw fail('productNotFound');
        const { months, unitCents } = price;
        if (unitCents > 0) {
          await debit(ctx, unit, {
            resellerId: account.reseller_id,
            amountCents: unitCents,
            kind: 'vpn_renewal',
            reference: `vpn_account:${account.id}:renewal:${now.toISOString()}`,
            description: `Renewal of VPN account ${account.username}`,
            actorId: session.id === account.reseller_id ? null : session.id,
          });
        }
        await unit.tx
          .update(vpnAccounts)
          .set({ hostingStatus: 'active', endAt: addMonths(now, months), renewalPriceCents: unitCents, renewalWarnedAt: null, updatedAt: now })
          .where(eq(vpnAccounts.id, account.id));
      } else {
        await unit.tx.update(vpnAccounts).set({ hostingStatus: 'active', updatedAt: now }).where(eq(vpnAccounts.id, account.id));
      }
    }
    await audit(unit.tx, { actorId: session.id, action: `vpn.${status}d`, targetType: 'vpn_account', targetId: account.id });
    await ctx.notifier.notify(unit, account.reseller_id, {
      type: 'vpn_status',
      message: `VPN account ${account.username} was ${status === 'enable' ? 'enabled' : 'disabled'}.`,
      redirect: 'vpn/list',
      refId: account.id,
    });
    return present(ctx, await reload(unit, account.id));
  });
}

export async function deleteAccount(ctx: Ctx, session: Session, username: string) {
  return change(ctx, session, username, async (unit, account) => {
    await unit.tx.update(vpnAccounts).set({ hostingStatus: 'deleted', updatedAt: ctx.clock.now() }).where(eq(vpnAccounts.id, account.id));
    await audit(unit.tx, { actorId: session.id, action: 'vpn.deleted', targetType: 'vpn_account', targetId: account.id });
    await ctx.notifier.notify(unit, account.reseller_id, {
      type: 'vpn_status',
      message: `VPN account ${account.username} was deleted.`,
      redirect: 'vpn/list',
      refId: account.id,
    });
    return present(ctx, await reload(unit, account.id));
  });
}

export const isInsufficient = (error: unknown) => error instanceof AppError && error.entry.code === 'rspf-wallet-4021';
