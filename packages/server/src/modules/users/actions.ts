/**
 * What an admin does to one of its own users (002 §2, §4, §5): edit a field, set a price, verify,
 * send an invoice, and move money between its wallet and the user's. Each action locks the user's
 * row, re-checks every rule, and writes its audit line (before, after, IP) in its own transaction.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  ACCOUNT_STATUS,
  CYCLES,
  centsToDollars,
  emailField,
  fullNameField,
  isStrongPassword,
  messages,
  successes,
  notice,
  description,
  type CallBody,
  type Contract,
} from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { transact, type Unit } from '../../db/unit.js';
import { people, resellerPrices, resellers } from '../../db/schema/index.js';
import { fail, invalid, isUniqueViolation } from '../../http/errors.js';
import { accountChangedByAdminMail, invoiceSentMail } from '../../adapters/mail/templates.js';
import { audit } from '../audit/index.js';
import { replacePassword } from '../auth/service.js';
import { ownerLocale, ownerOf } from '../auth/people.js';
import { hashPassword } from '../auth/passwords.js';
import { createInvoice } from '../billing/invoices.js';
import { priceBook } from '../products/pricing.js';
import type { ResellerRow } from '../profile/present.js';
import { credit, debit, formatUsd, isRefusedDebit } from '../wallet/service.js';
import { profileStatus, userProfile, type UserProfile } from './profile.js';
import { lockOwnUser, ownUser } from './service.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'notifier' | 'log' | 'mail' | 'config' | 'realtime' | 'counters'>;

/** The admin acting and the address it acts from. */
export interface Acting {
  admin: SessionReseller;
  ip: string;
}

/** The user's own fields an admin edits once the user is verified (002 §2); status at any time. */
export const USER_FIELDS = ['name', 'email', 'password', 'status'] as const;
const NEEDS_VERIFIED = new Set(['name', 'email', 'password']);

/**
 * The user's client id the spec's browser sends along must be the user's, else the same 'User
 * undefined'. The admin's own `id` and `client_id` it also sends are not trusted for anything: the
 * admin is the session's.
 */
function checkIdentity(user: ResellerRow, body: { user_client_id?: string | undefined }) {
  if (body.user_client_id !== undefined && body.user_client_id !== '' && body.user_client_id !== user.clientId) throw fail('notYourUser');
}

/** Runs an action on the admin's user and answers the user's profile as it stands after it. */
async function onOwnUser(ctx: Ctx, acting: Acting, userId: number, work: (unit: Unit, user: ResellerRow) => Promise<void>): Promise<UserProfile> {
  return transact(ctx, async (unit) => {
    const user = await lockOwnUser(unit.tx, acting.admin.id, userId);
    await work(unit, user);
    const [after] = await unit.tx.select().from(resellers).where(eq(resellers.id, user.id));
    if (!after) throw fail('notYourUser');
    return userProfile(ctx, after, unit.tx);
  });
}

export async function getOwnUser(ctx: Ctx, acting: Acting, userId: number) {
  return userProfile(ctx, await ownUser(ctx, acting.admin.id, userId));
}

/** A rule's message from a schema of the contract, as a field error of `value`. */
function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? messages.fieldEmpty, 'value');
  return result.data;
}

export async function updateUser(ctx: Ctx, acting: Acting, body: CallBody<Contract['updateUser']>): Promise<{ profile: UserProfile; message: string }> {
  const field = body.update;
  if (!(USER_FIELDS as readonly string[]).includes(field)) throw fail('fieldNotEditable');
  if (body.value === '') throw fail('fieldEmpty');
  // argon2 takes a while: the hash is made before the transaction holds the user's row.
  let passwordHash: string | null = null;
  if (field === 'password') {
    if ((body.password_confirmation ?? '') !== body.value) throw invalid(messages.passwordConfirmationMismatch, 'password_confirmation');
    if (!isStrongPassword(body.value)) throw invalid(messages.passwordRule, 'value');
  }
  const check = await ownUser(ctx, acting.admin.id, body.user_reseller_id);
  checkIdentity(check, body);
  if (NEEDS_VERIFIED.has(field) && check.verifiedAt === null) throw fail('userNotVerified');
  if (field === 'password') passwordHash = await hashPassword(body.value);

  const now = ctx.clock.now();
  const profile = await onOwnUser(ctx, acting, body.user_reseller_id, async (unit, user) => {
    const { tx } = unit;
    if (NEEDS_VERIFIED.has(field) && user.verifiedAt === null) throw fail('userNotVerified');
    const line = { actorId: acting.admin.id, subjectId: user.id, targetType: 'reseller', targetId: user.id, ip: acting.ip };
    if (field === 'name') {
      const name = parsed(fullNameField, body.value);
      if (name === user.name) throw fail('nothingToUpdate');
      await tx.update(resellers).set({ name, updatedAt: now }).where(eq(resellers.id, user.id));
      await audit(tx, { ...line, action: 'user.name_updated', before: { name: user.name }, after: { name } });
      await ctx.notifier.notify(unit, user.id, { type: 'account_updated', message: notice('adminRenamed', { admin: acting.admin.name, name }), redirect: 'profile' });
    } else if (field === 'email') {
      const email = parsed(emailField, body.value);
      if (email.toLowerCase() === user.email.toLowerCase()) throw fail('nothingToUpdate');
      try {
        // A savepoint: a taken address must not abort the transaction that reports it.
        // The account's address and its Owner's sign-in, which are one address for a user.
        const owner = await ownerOf({ db: tx }, user.id);
        await tx.transaction(async (sp) => {
          await sp.update(resellers).set({ email, updatedAt: now }).where(eq(resellers.id, user.id));
          await sp.update(people).set({ email, updatedAt: now }).where(eq(people.id, owner));
        });
      } catch (error) {
        if (isUniqueViolation(error, 'resellers_email_lower_key') || isUniqueViolation(error, 'people_email_lower_key')) throw fail('emailTaken');
        throw error;
      }
      await ctx.mail.enqueue(tx, accountChangedByAdminMail(await ownerLocale({ db: tx }, user.id), user, acting.admin.name, 'email'));
      await audit(tx, { ...line, action: 'user.email_updated', before: { email: user.email }, after: { email } });
      await ctx.notifier.notify(unit, user.id, { type: 'account_updated', message: notice('adminChangedEmail', { admin: acting.admin.name, email }), redirect: 'profile' });
    } else if (field === 'status') {
      if (body.value !== '0' && body.value !== '1') throw invalid('Status must be 0 (Inactive) or 1 (Active)', 'value');
      // The user is locked: a suspension by the operator is read as it stands, and only the operator lifts it.
      if (user.suspensionReason !== null) throw fail('suspensionLocked', { reason: user.suspensionReason });
      const status = body.value === '1' ? ACCOUNT_STATUS.active : ACCOUNT_STATUS.inactive;
      if (status === user.status) throw fail('nothingToUpdate');
      await tx.update(resellers).set({ status, updatedAt: now }).where(eq(resellers.id, user.id));
      await audit(tx, { ...line, action: 'user.status_updated', before: { status: profileStatus(user.status) }, after: { status: profileStatus(status) } });
      await ctx.notifier.notify(unit, user.id, {
        type: 'status_changed',
        message:
          status === ACCOUNT_STATUS.active ? notice('adminActivated', { admin: acting.admin.name }) : notice('adminDeactivated', { admin: acting.admin.name }),
        redirect: 'profile',
      });
    } else {
      const mail = accountChangedByAdminMail(await ownerLocale({ db: tx }, user.id), user, acting.admin.name, 'password');
      await replacePassword(ctx, unit, await ownerOf({ db: tx }, user.id), { passwordHash: passwordHash as string, now, mail });
      // The password itself is never written anywhere but its hash.
      await audit(tx, { ...line, action: 'user.password_updated', after: { password: 'changed', sessions: 'signed out' } });
    }
  });
  const messagesByField = { name: successes.userNameUpdated, email: successes.userEmailUpdated, status: successes.userStatusUpdated, password: successes.userPasswordUpdated } as const;
  return { profile, message: messagesByField[field as keyof typeof messagesByField] };
}

/**
 * Sets the user's price for one cycle of one type: what its generation, VPN purchases and renewals
 * cost from then on. Never below the admin's own price for it: a user buys no cheaper than its admin.
 */
export async function updateUserPricing(ctx: Ctx, acting: Acting, body: CallBody<Contract['updateUserPricing']>) {
  const billingType = body.recursive === 1 ? 1 : 2;
  const cents = body.value;
  return onOwnUser(ctx, acting, body.user_reseller_id, async (unit, user) => {
    checkIdentity(user, body);
    // One after the other: a transaction's connection runs one statement at a time.
    const own = await priceBook(unit.tx, acting.admin.id, ctx.clock.now());
    const theirs = await priceBook(unit.tx, user.id, ctx.clock.now());
    const find = (book: typeof own) => book.products.find((p) => p.billingType === billingType && p.cycle === body.update);
    const floor = find(own);
    const current = find(theirs);
    if (!floor || !current) throw fail('productNotFound');
    if (cents === current.priceCents) throw fail('nothingToUpdate');
    if (cents < floor.priceCents) throw invalid(`The price may not be below your own price of ${formatUsd(floor.priceCents)}`, 'value');
    await unit.tx
      .insert(resellerPrices)
      .values({ resellerId: user.id, billingType, cycle: body.update, priceCents: cents })
      .onConflictDoUpdate({ target: [resellerPrices.resellerId, resellerPrices.billingType, resellerPrices.cycle], set: { priceCents: cents } });
    const what = { type: billingType === 1 ? 'recurring' : 'onetime', cycle: body.update };
    await audit(unit.tx, {
      actorId: acting.admin.id,
      subjectId: user.id,
      action: 'user.price_updated',
      targetType: 'reseller_price',
      targetId: `${user.id}:${billingType}:${body.update}`,
      before: { ...what, price: centsToDollars(current.priceCents) },
      after: { ...what, price: centsToDollars(cents) },
      ip: acting.ip,
    });
    await ctx.notifier.notify(unit, user.id, {
      type: 'account_updated',
      message: notice(what.type === 'recurring' ? 'adminPriceRecurring' : 'adminPriceOneTime', { admin: acting.admin.name, cycle: CYCLES[body.update].label, amount: formatUsd(cents) }),
      redirect: 'coupons/price',
    });
  });
}

export async function verifyUser(ctx: Ctx, acting: Acting, userId: number) {
  return onOwnUser(ctx, acting, userId, async (unit, user) => {
    if (user.verifiedAt !== null) throw fail('userAlreadyVerified');
    await unit.tx.update(resellers).set({ verifiedAt: ctx.clock.now(), updatedAt: ctx.clock.now() }).where(eq(resellers.id, user.id));
    // Its Owner may sign in now, as after opening the verification link.
    await unit.tx.update(people).set({ verifiedAt: ctx.clock.now() }).where(and(eq(people.id, await ownerOf({ db: unit.tx }, user.id)), isNull(people.verifiedAt)));
    await audit(unit.tx, { actorId: acting.admin.id, subjectId: user.id, action: 'user.verified', targetType: 'reseller', targetId: user.id, before: { verified: false }, after: { verified: true }, ip: acting.ip });
    await ctx.notifier.notify(unit, user.id, { type: 'email_verified', message: notice('adminVerified', { admin: acting.admin.name }), redirect: 'profile' });
  });
}

/** Send Invoice (002 §2, §5): an unpaid invoice the user pays through Pay Invoice, told in the panel and by mail. */
export async function sendInvoice(ctx: Ctx, acting: Acting, body: CallBody<Contract['createUserInvoice']>) {
  return transact(ctx, async (unit) => {
    const user = await lockOwnUser(unit.tx, acting.admin.id, body.user_reseller_id);
    checkIdentity(user, body);
    if (body.user_email !== undefined && body.user_email !== '' && body.user_email.trim().toLowerCase() !== user.email.toLowerCase()) throw fail('notYourUser');
    const invoice = await createInvoice(ctx, unit, {
      resellerId: user.id,
      amountCents: body.amount,
      issuedBy: acting.admin.id,
      issuedByName: acting.admin.name,
      ip: acting.ip,
    });
    await ctx.mail.enqueue(
      unit.tx,
      invoiceSentMail(await ownerLocale({ db: unit.tx }, user.id), {
        to: user,
        adminName: acting.admin.name,
        invoiceId: invoice.id,
        amountCents: invoice.amountCents,
        dueAt: invoice.dueAt,
        payUrl: `${ctx.config.publicUrl}/${user.customUrl}/billing/pay/invoice/${invoice.id}`,
      }),
    );
    // Ours: the admin is told which invoice went to whom, not only that one did.
    return { body: { invoice_id: invoice.id }, message: successes.userInvoiceSent(invoice.id, formatUsd(invoice.amountCents), user.email) };
  });
}

/**
 * "Amounts can be edited" (002 §2): the admin moves money between its own wallet and its user's,
 * with a reason. A credit is paid from the admin's wallet and a debit goes back into it, so no
 * admin can make money out of nothing; neither wallet goes below zero. Both ledger rows, both
 * conditional updates and the audit line share one transaction.
 */
export async function adjustUserBalance(ctx: Ctx, acting: Acting, body: CallBody<Contract['adjustUserBalance']>) {
  const admin = acting.admin;
  return transact(ctx, async (unit) => {
    // Both rows locked in id order, so a credit and a debit running at once cannot deadlock.
    await unit.tx.select({ id: resellers.id }).from(resellers).where(inArray(resellers.id, [admin.id, body.user_reseller_id])).orderBy(resellers.id).for('update');
    const user = await lockOwnUser(unit.tx, admin.id, body.user_reseller_id);
    const amount = body.amount;
    const reference = `user_adjustment:${user.id}:${ctx.clock.now().getTime()}`;
    const common = { amountCents: amount, reference, actorId: admin.id };
    let balance: number;
    if (body.type === 'credit') {
      await debit(ctx, unit, { ...common, resellerId: admin.id, kind: 'user_credit', description: description('userCredit', { name: user.name, id: user.id, reason: body.reason }) });
      balance = await credit(ctx, unit, { ...common, resellerId: user.id, kind: 'admin_credit', description: description('adminCredit', { admin: admin.name, reason: body.reason }) });
    } else {
      try {
        balance = await debit(ctx, unit, { ...common, resellerId: user.id, kind: 'admin_debit', description: description('adminDebit', { admin: admin.name, reason: body.reason }) });
      } catch (error) {
        if (!isRefusedDebit(error)) throw error;
        throw invalid(`The user's balance is ${formatUsd(user.balanceCents)}: a debit may not take it below zero.`, 'amount');
      }
      await credit(ctx, unit, { ...common, resellerId: admin.id, kind: 'user_debit', description: description('userDebit', { name: user.name, id: user.id, reason: body.reason }) });
    }
    await audit(unit.tx, {
      actorId: admin.id,
      subjectId: user.id,
      action: `user.balance_${body.type === 'credit' ? 'credited' : 'debited'}`,
      targetType: 'reseller',
      targetId: user.id,
      before: { balance: centsToDollars(user.balanceCents) },
      after: { balance: centsToDollars(balance), amount: centsToDollars(amount), reason: body.reason },
      ip: acting.ip,
    });
    await ctx.notifier.notify(unit, user.id, {
      type: 'balance_adjusted',
      message: notice(body.type === 'credit' ? 'adminCredited' : 'adminDebited', { admin: admin.name, amount: formatUsd(amount), reason: body.reason }),
      redirect: 'billing/transactions',
    });
    const [after] = await unit.tx.select().from(resellers).where(eq(resellers.id, user.id));
    return userProfile(ctx, after as ResellerRow, unit.tx);
  });
}

