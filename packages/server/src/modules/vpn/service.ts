/**
 * The VPN account service: one place that creates, finds and changes the accounts that the portal,
 * redeemed coupons and the v2 client API all use. A create is paid from the wallet in the same
 * transaction; updating the e-mail or password, disabling and enabling never move the expiry;
 * deleting suspends the account for good and refunds nothing (001 §4). Every function works in
 * the books it is given: the live ones by default, the sandbox's for a sandbox key.
 */
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, CYCLES, RESTRICTED_RESELLER_ID, centsToDollars, errors, notice, description, type Cycle, type Locale, type NoticeText } from '@partner-panel/sdk';
import { inactiveRefusal } from '../profile/status.js';
import type { AppContext, SessionReseller } from '../../context.js';
import { rows } from '../../db/index.js';
import { nextId } from '../../db/ids.js';
import { startsWith } from '../../db/search.js';
import { transact, type Unit } from '../../db/unit.js';
import { auditLog, events, mailOutbox, notifications, resellers, vpnAccounts } from '../../db/schema/index.js';
import { AppError, fail, isUniqueViolation } from '../../http/errors.js';
import { vpnChangedMail, vpnCredentialsMail, vpnReadyMail } from '../../adapters/mail/templates.js';
import { localeOr } from '../../locales.js';
import { ADDONS } from '../../catalogue.js';
import { audit, auditRow } from '../audit/index.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { addMonths } from '../../dates.js';
import { loadReseller } from '../profile/service.js';
import { priceBook, priceOf, type PriceVersions } from '../products/pricing.js';
import { withPriceBook } from '../products/price-cache.js';
import { afterCharge, chargeWallet, formatUsd } from '../wallet/service.js';
import { batchRows } from '../wallet/batch-rows.js';
import { findAccount, reachable, selectFrom, type AccountRef, type VpnRow } from './access.js';
import { liveBooks, type Books } from './books.js';
import { newPassword, newUsername } from './credentials.js';
import { presentVpn, vpnUserObject } from './present.js';
import { eventRow, newEventId, recordEvent } from '../events/record.js';
import type { WebhookEventType } from '@partner-panel/sdk';

/** What a VPN user's change announces (its object: the user). */
type VpnUserEventType = Extract<WebhookEventType, `vpn_user.${string}`>;
import type { NotificationType } from '../notifications/notifier.js';

type Ctx = Pick<AppContext, 'db' | 'database' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'chargeQueues' | 'priceBooks'>;
/** Who acts: a member (personId) in the portal, or a key of the account (no person). */
/**
 * Who acts: the account, and the member when a person does (a key has none). The member's language,
 * when they chose one, is that of the mail their change sends the account's end user.
 */
type Session = Pick<SessionReseller, 'id' | 'isAdmin' | 'name' | 'status'> & { personId?: number | null; personLocale?: Locale | null };

export interface CreateInput {
  billing_cycle: string;
  /** The product of billing_type and billing_cycle; found from them when left out. */
  product_id?: number;
  billing_type: 1 | 2;
  email: string;
  addon_id: number | null;
  /** A login chosen by the caller (the v2 API): taken as given and not mailed. Otherwise drawn. */
  username?: string;
  password?: string;
  source?: 'portal' | 'coupon' | 'client_api';
}

const present = (ctx: Pick<AppContext, 'clock'>, row: VpnRow) => {
  const { id: _id, created_at: _created, ...account } = presentVpn(row, ctx.clock.now());
  return account;
};

async function reload(unit: Unit, id: number, books: Books): Promise<VpnRow> {
  const [row] = await rows<VpnRow>(unit.tx, sql`${selectFrom(books)} where v.id = ${id}`);
  if (!row) throw fail('vpnNotFound');
  return row;
}

/** Reads the account as changed and writes its event (of the books' mode) in the same transaction. */
export async function announce(ctx: Pick<AppContext, 'clock'>, unit: Unit, books: Books, id: number, ...types: VpnUserEventType[]): Promise<VpnRow> {
  const row = await reload(unit, id, books);
  for (const type of types) {
    await recordEvent(unit.tx, { resellerId: row.reseller_id, mode: books.mode, type, object: vpnUserObject(row, ctx.clock.now()), subject: `vpn_user:${row.id}` });
  }
  return row;
}

/** What a new account is: who sells it, on which plan, to whom, and how it came to be. */
export interface OpenAccount {
  owner: { id: number; name: string };
  product: { id: number; billingType: number; cycle: string; months: number };
  addon: { key: string; name: string } | null;
  email: string;
  name?: string | null;
  /** A login the caller chose (the v2 API); otherwise one is drawn. */
  username?: string;
  passwordHash: string;
  /** The password, when it is ours to mail; null when the caller chose it (never mailed back). */
  mailedPassword: string | null;
  source: 'portal' | 'coupon' | 'client_api';
  couponId?: number | null;
  /** What one renewal cost when it was sold (0 for onetime products). */
  renewalPriceCents: number;
  actorId: number | null;
  /** The member who pays for it from the wallet (their daily limit applies), when a person does. */
  personId?: number | null;
  /** The reseller's notification of the new account. */
  notice: (username: string) => { type: NotificationType; message: NoticeText };
  /** Where the account is kept: the live books unless a sandbox key opens it. */
  books?: Books;
  /** The location of a dedicated IP, picked when a coupon carrying one is redeemed. */
  dedicatedIpLocation?: string | null;
  /** Mail the end user that the account is ready, without the password it chose (a redeemed coupon). */
  mailReady?: boolean;
  /** The language of the end user's mail: the member's who opens it, or the redeem page's visitor's. */
  mailLocale: Locale;
}

/**
 * Opens an account inside the caller's unit of work: the row, the end user's mail, the audit entry
 * and the reseller's notification (the sandbox's books announce nothing). Paying for it is the
 * caller's part.
 */
export async function openAccount(ctx: Ctx, unit: Unit, input: OpenAccount) {
  const books = input.books ?? liveBooks;
  const opening = accountOpening(ctx, input);
  const [account] = await unit.tx.insert(books.accounts).values(opening.values).returning({ id: books.accounts.id, username: books.accounts.username });
  if (!account) throw fail('internal');
  if (books.announces && opening.mail) {
    await ctx.mail.enqueue(unit.tx, opening.mail);
  }
  await audit(unit.tx, opening.audit(account.id));
  if (books.announces) await ctx.notifier.notify(unit, input.owner.id, opening.notice(account.id));
  await announce(ctx, unit, books, account.id, 'vpn_user.created');
  return { id: account.id, username: account.username, plan: opening.plan, endAt: opening.endAt };
}

/** What opening an account writes, whether in a unit of work or as the rows of a charge. */
function accountOpening(ctx: Pick<AppContext, 'clock'>, input: OpenAccount) {
  const now = ctx.clock.now();
  const endAt = addMonths(now, input.product.months);
  const username = input.username ?? newUsername();
  const values = {
    resellerId: input.owner.id,
    username,
    passwordHash: input.passwordHash,
    email: input.email,
    name: input.name ?? null,
    couponId: input.couponId ?? null,
    productId: input.product.id,
    billingType: input.product.billingType,
    cycle: input.product.cycle,
    addons: input.addon ? [input.addon.key] : [],
    dedicatedIpLocation: input.dedicatedIpLocation ?? null,
    renewalPriceCents: input.product.billingType === 1 ? input.renewalPriceCents : 0,
    hostingStatus: 'active',
    source: input.source,
    startAt: now,
    endAt,
    createdAt: now,
    updatedAt: now,
  };
  const plan = `${CYCLES[input.product.cycle as Cycle].label}${input.addon ? ` + ${input.addon.name}` : ''}${input.dedicatedIpLocation ? ` (${input.dedicatedIpLocation})` : ''}`;
  const mailedPlan = { cycle: input.product.cycle, addon: input.addon?.name ?? null, location: input.dedicatedIpLocation ?? null };
  const mailed = { to: input.email, username, plan: mailedPlan, resellerName: input.owner.name, resellerId: input.owner.id };
  const mail =
    input.mailedPassword !== null
      ? vpnCredentialsMail(input.mailLocale, { ...mailed, password: input.mailedPassword })
      : input.mailReady
        ? vpnReadyMail(input.mailLocale, { ...mailed, endAt, recurring: input.product.billingType === 1 })
        : null;
  return {
    now,
    endAt,
    values,
    plan,
    mail,
    audit: (id: number) => ({
      actorId: input.actorId,
      action: 'vpn.created',
      targetType: (input.books ?? liveBooks).auditTarget,
      targetId: id,
      data: { email: input.email, source: input.source, ...(input.couponId ? { coupon: input.couponId } : {}) },
    }),
    notice: (id: number) => ({ ...input.notice(username), redirect: 'vpn/list', refId: id }),
  };
}

/**
 * Opens a live account and pays for it as one charge gathered with the others waiting for the
 * wallet (wallet/group-commit.ts): the account's id is drawn first, so its row, mail, audit entry,
 * notification and event are written in the statement that charges it.
 */
async function openPaidAccount(ctx: Ctx, input: OpenAccount, priceCents: number, pricedAt: PriceVersions) {
  const id = await nextId(ctx.db, 'vpn_accounts_id_seq');
  const opening = accountOpening(ctx, input);
  const v = opening.values;
  const account: VpnRow = {
    id,
    reseller_id: v.resellerId,
    username: v.username,
    email: v.email,
    coupon_code: null,
    cycle: v.cycle,
    billing_type: v.billingType,
    product_id: v.productId,
    addons: v.addons,
    hosting_status: v.hostingStatus,
    start_at: v.startAt,
    end_at: v.endAt,
    created_at: v.createdAt,
    renewal_price_cents: v.renewalPriceCents,
    password_hash: v.passwordHash,
  };
  const movement = { resellerId: v.resellerId, amountCents: priceCents, kind: 'vpn_purchase', reference: `${liveBooks.auditTarget}:${id}`, description: description('vpnPurchase', { username: v.username, plan: opening.plan }), personId: input.personId ?? null } as const;
  const notification = ctx.notifier.row(v.resellerId, opening.notice(id));
  const paid = await chargeWallet(ctx, {
    movement,
    pricedAt,
    rows: [
      batchRows(vpnAccounts, [{ id, ...v }]),
      ...(opening.mail ? [batchRows(mailOutbox, [ctx.mail.outboxRow(opening.mail)])] : []),
      batchRows(auditLog, [auditRow(opening.audit(id))]),
      batchRows(notifications, [notification]),
      batchRows(events, [eventRow(newEventId(), { resellerId: v.resellerId, mode: 'live', type: 'vpn_user.created', object: vpnUserObject(account, ctx.clock.now()), subject: `vpn_user:${id}` })]),
    ],
  });
  ctx.notifier.published(notification, paid.at);
  return { account, balance: await afterCharge(ctx, movement, paid) };
}

/**
 * Runs a unit of work that opens an account, drawing the username again once if two collided. A
 * username the caller chose is not drawn again: it is taken ('User already exists').
 */
export async function withFreshUsername<T>(attempt: () => Promise<T>, chosen = false): Promise<T> {
  const taken = (error: unknown) => isUniqueViolation(error, 'vpn_accounts_username_key') || isUniqueViolation(error, 'sandbox_vpn_accounts_username_key');
  try {
    return await attempt();
  } catch (error) {
    if (!taken(error)) throw error;
    if (chosen) throw fail('clientUserExists');
    // Two accounts drew the same username (50 random bits): draw again, once.
    return attempt();
  }
}

export async function createAccount(ctx: Ctx, session: Session, input: CreateInput, books: Books = liveBooks) {
  const owner = await loadReseller(ctx, session.id);
  if (owner.id === RESTRICTED_RESELLER_ID) throw fail('restricted');
  if (owner.status !== ACCOUNT_STATUS.active) throw await inactiveRefusal(ctx.db, owner.id, 'own');
  const chosen = input.username !== undefined && input.password !== undefined;
  const password = input.password ?? newPassword();
  // Hashed once, whichever attempt prices the account.
  let hashing: Promise<string> | undefined;
  // Priced from a book read now; the charge is refused as stale, and priced again, should the
  // prices move before it commits (products/price-cache.ts).
  return withPriceBook(ctx, owner.id, async (prices) => {
    const { product, addon, unitCents } = priceOf(prices, {
      productId: input.product_id ?? prices.products.find((p) => p.billingType === input.billing_type && p.cycle === input.billing_cycle)?.id ?? 0,
      billingType: input.billing_type,
      cycle: input.billing_cycle,
      addonId: input.addon_id,
    });
    const passwordHash = await (hashing ??= hashPassword(password));
    const openInput: OpenAccount = {
      owner,
      product,
      addon,
      email: input.email,
      ...(input.username !== undefined ? { username: input.username } : {}),
      passwordHash,
      mailedPassword: chosen ? null : password,
      source: input.source ?? 'portal',
      renewalPriceCents: unitCents,
      actorId: session.id,
      personId: session.personId ?? null,
      notice: (username) => ({ type: 'vpn_created', message: notice('vpnCreated', { username, email: input.email, amount: formatUsd(unitCents) }) }),
      books,
      mailLocale: localeOr(session.personLocale),
    };
    const answer = (account: VpnRow, balance: number) => ({ account: present(ctx, account), amount: centsToDollars(unitCents), balance: centsToDollars(balance) });
    if (books.mode === 'live' && unitCents > 0) {
      // The live wallet's charge goes with the others waiting for it (docs/api.md).
      return withFreshUsername(async () => {
        const made = await openPaidAccount(ctx, openInput, unitCents, prices.versions);
        return answer(made.account, made.balance);
      }, chosen);
    }
    return withFreshUsername(
      () =>
        transact(ctx, async (unit) => {
          const account = await openAccount(ctx, unit, openInput);
          const balance =
            unitCents > 0
              ? await books.debit(ctx, unit, {
                  resellerId: owner.id,
                  amountCents: unitCents,
                  kind: 'vpn_purchase',
                  reference: `${books.auditTarget}:${account.id}`,
                  description: description('vpnPurchase', { username: account.username, plan: account.plan }),
                  personId: session.personId ?? null,
                })
              : await books.balanceCents(unit.tx, owner.id);
          return answer(await reload(unit, account.id, books), balance);
        }),
      chosen,
    );
  }, { kept: false });
}

export type SearchBy = 'email' | 'coupon' | 'username' | 'email_or_username';

/** Every account the session may reach that matches; newest first, at most 100. */
export async function findAccounts(ctx: Pick<AppContext, 'db'>, session: Session, search: SearchBy, value: string, books: Books = liveBooks, prefix = false) {
  const starts = startsWith(value);
  const match = prefix
    ? {
        email: sql`v.email ilike ${starts}`,
        coupon: sql`c.code like upper(${starts})`,
        username: sql`v.username like lower(${starts})`,
        email_or_username: sql`(v.email ilike ${starts} or v.username like lower(${starts}))`,
      }[search]
    : {
        email: sql`lower(v.email) = lower(${value})`,
        coupon: sql`c.code = upper(${value})`,
        username: sql`v.username = lower(${value})`,
        email_or_username: sql`(lower(v.email) = lower(${value}) or v.username = lower(${value}))`,
      }[search];
  return rows<VpnRow>(ctx.db, sql`${selectFrom(books)} where ${match} and ${reachable(session)} order by v.created_at desc, v.id desc limit 100`);
}

/** The Search VPN page (001 §2.8): the value is the start of the e-mail, the coupon code or the username. */
export async function searchAccounts(ctx: Pick<AppContext, 'db' | 'clock'>, session: Session, search: SearchBy, value: string) {
  return (await findAccounts(ctx, session, search, value, liveBooks, true)).map((r) => present(ctx, r));
}

/** Runs a change on a live (not deleted) account the session may reach, inside one unit of work. */
async function change<T>(ctx: Ctx, session: Session, ref: AccountRef, books: Books, work: (unit: Unit, account: VpnRow) => Promise<T>) {
  return transact(ctx, async (unit) => {
    const account = await findAccount(unit.tx, session, ref, true, books);
    if (account.hosting_status === 'deleted') throw fail('vpnDeleted');
    return work(unit, account);
  });
}

/** Tells the end user of a change to the login (live books only), in the language of the member who made it. */
async function tellUser(ctx: Ctx, unit: Unit, books: Books, session: Session, mail: Parameters<typeof vpnChangedMail>[1]) {
  if (!books.announces) return;
  await ctx.mail.enqueue(unit.tx, vpnChangedMail(localeOr(session.personLocale), mail));
}

export async function updateEmail(ctx: Ctx, session: Session, ref: AccountRef, email: string, books: Books = liveBooks) {
  return change(ctx, session, ref, books, async (unit, account) => {
    if (account.email.toLowerCase() === email.toLowerCase()) throw fail('nothingToUpdate');
    await unit.tx.update(books.accounts).set({ email, updatedAt: ctx.clock.now() }).where(eq(books.accounts.id, account.id));
    await tellUser(ctx, unit, books, session, { to: email, username: account.username, what: 'email', resellerId: account.reseller_id });
    await audit(unit.tx, { actorId: session.id, action: 'vpn.email_updated', targetType: books.auditTarget, targetId: account.id, data: { from: account.email, to: email } });
    return present(ctx, await announce(ctx, unit, books, account.id, 'vpn_user.updated'));
  });
}

/** Sets a new password; with `check.oldPassword`, only when it matches the current one. */
export async function updatePassword(ctx: Ctx, session: Session, ref: AccountRef, password: string, books: Books = liveBooks, check?: { oldPassword: string }) {
  const passwordHash = await hashPassword(password);
  return change(ctx, session, ref, books, async (unit, account) => {
    if (check && !(await verifyPassword(account.password_hash, check.oldPassword))) throw fail('clientOldPassword');
    await unit.tx.update(books.accounts).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(books.accounts.id, account.id));
    await tellUser(ctx, unit, books, session, { to: account.email, username: account.username, what: 'password', resellerId: account.reseller_id });
    await audit(unit.tx, { actorId: session.id, action: 'vpn.password_updated', targetType: books.auditTarget, targetId: account.id });
    return present(ctx, await announce(ctx, unit, books, account.id, 'vpn_user.updated'));
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
  now: Date,
): Promise<{ months: number; unitCents: number } | null> {
  try {
    const { product, unitCents } = priceOf(await priceBook(unit.tx, account.reseller_id, now), {
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
  if (session.status !== ACCOUNT_STATUS.active) throw await inactiveRefusal(unit.tx, session.id, 'own');
  if (ownerId === session.id) return;
  const [owner] = await unit.tx.select({ status: resellers.status }).from(resellers).where(eq(resellers.id, ownerId));
  if (owner?.status !== ACCOUNT_STATUS.active) throw await inactiveRefusal(unit.tx, ownerId, 'user');
}

/**
 * Disables or enables an account; the expiry stays. Enabling a recurring account whose period has
 * run out (suspended for lack of funds) pays the next period first, from now.
 */
export async function updateStatus(ctx: Ctx, session: Session, ref: AccountRef, status: 'enable' | 'disable', books: Books = liveBooks) {
  return change(ctx, session, ref, books, async (unit, account) => {
    const now = ctx.clock.now();
    const happened: VpnUserEventType[] = [status === 'disable' ? 'vpn_user.suspended' : 'vpn_user.enabled'];
    if (status === 'disable') {
      if (account.hosting_status === 'suspended') throw fail('vpnAlreadySuspended');
      await unit.tx.update(books.accounts).set({ hostingStatus: 'suspended', updatedAt: now }).where(eq(books.accounts.id, account.id));
    } else {
      if (account.hosting_status === 'active') throw fail('vpnAlreadyActive');
      const lapsed = Number(account.billing_type) === 1 && new Date(account.end_at) <= now;
      if (lapsed) {
        // Paying the next period is a purchase: a deactivated account may not make one.
        await ensureMaySpend(unit, session, account.reseller_id);
        const price = await renewalPrice(unit, account, now);
        if (!price) throw fail('productNotFound');
        const { months, unitCents } = price;
        if (unitCents > 0) {
          await books.debit(ctx, unit, {
            resellerId: account.reseller_id,
            amountCents: unitCents,
            kind: 'vpn_renewal',
            reference: `${books.auditTarget}:${account.id}:renewal:${now.toISOString()}`,
            description: description('vpnRenewal', { username: account.username }),
            actorId: session.id === account.reseller_id ? null : session.id,
          });
        }
        await unit.tx
          .update(books.accounts)
          .set({ hostingStatus: 'active', endAt: addMonths(now, months), renewalPriceCents: unitCents, renewalWarnedAt: null, updatedAt: now })
          .where(eq(books.accounts.id, account.id));
        happened.push('vpn_user.renewed');
      } else {
        await unit.tx.update(books.accounts).set({ hostingStatus: 'active', updatedAt: now }).where(eq(books.accounts.id, account.id));
      }
    }
    await audit(unit.tx, { actorId: session.id, action: `vpn.${status}d`, targetType: books.auditTarget, targetId: account.id });
    await notifyReseller(ctx, unit, books, account, notice(status === 'enable' ? 'vpnEnabled' : 'vpnDisabled', { username: account.username }));
    return present(ctx, await announce(ctx, unit, books, account.id, ...happened));
  });
}

async function notifyReseller(ctx: Ctx, unit: Unit, books: Books, account: VpnRow, message: NoticeText) {
  if (!books.announces) return;
  await ctx.notifier.notify(unit, account.reseller_id, { type: 'vpn_status', message, redirect: 'vpn/list', refId: account.id });
}

export async function deleteAccount(ctx: Ctx, session: Session, ref: AccountRef, books: Books = liveBooks) {
  return change(ctx, session, ref, books, async (unit, account) => {
    await unit.tx.update(books.accounts).set({ hostingStatus: 'deleted', updatedAt: ctx.clock.now() }).where(eq(books.accounts.id, account.id));
    await audit(unit.tx, { actorId: session.id, action: 'vpn.deleted', targetType: books.auditTarget, targetId: account.id });
    await notifyReseller(ctx, unit, books, account, notice('vpnDeleted', { username: account.username }));
    return present(ctx, await announce(ctx, unit, books, account.id, 'vpn_user.deleted'));
  });
}
