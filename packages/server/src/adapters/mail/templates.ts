/**
 * The mails the product sends: plain text and a simple HTML version of each, in the language of the
 * person who reads it (issue 36). Each template takes that language first; its sentences are the
 * catalogue's (i18n/), and its amounts and dates are written by Intl in the same language. The
 * caller picks the language: the recipient's (people.locale, English when they have none), or, for
 * a mail a member sends a customer (a coupon, a VPN account's details), the member's.
 */
import { CYCLES, type Cycle, type KeyMode, type Locale, type Role } from '@partner-panel/sdk';
import { formatCount, formatDay, formatDuration, formatMoment, formatMoney, isRightToLeft } from '../../locales.js';
import { say, type MailKey } from './i18n/index.js';
import type { MailMessage } from './types.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Action {
  label: string;
  url: string;
}

function layout(locale: Locale, title: string, paragraphs: string[], action?: Action) {
  // The language on the page lets a mail client pick fonts and a screen reader its voice; Arabic
  // also reads right to left, its paragraphs aligned to the right.
  const rtl = isRightToLeft(locale);
  const lang = `lang="${escape(locale)}"${rtl ? ' dir="rtl"' : ''}`;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  // The link itself is a left-to-right run inside a right-to-left sentence.
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">${escape(say(locale, 'openLink'))} <a href="${escape(action.url)}" dir="ltr">${escape(action.url)}</a></p>`
    : '';
  return `<!doctype html><html ${lang}><head><meta charset="utf-8"><title>${escape(title)}</title></head><body ${lang} style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px${rtl ? ';text-align:right' : ''}">
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#777">${escape(say(locale, 'footer'))}</p></body></html>`;
}

function text(locale: Locale, paragraphs: string[], action?: Action) {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `-- \n${say(locale, 'footer')}`].join('\n\n');
}

function mail(locale: Locale, kind: string, to: string, subject: string, paragraphs: string[], action?: Action, resellerId?: number): MailMessage {
  return { kind, to, subject, text: text(locale, paragraphs, action), html: layout(locale, subject, paragraphs, action), resellerId: resellerId ?? null };
}

const hello = (locale: Locale, name: string | null | undefined) => (name ? say(locale, 'hello', { name }) : say(locale, 'helloNobody'));

/** A plan as the mails name it: its cycle in the language, then the addon and its location as sold. */
export interface Plan {
  cycle: string;
  addon?: string | null;
  location?: string | null;
}

export function planName(locale: Locale, plan: Plan) {
  const cycle = plan.cycle in CYCLES ? say(locale, `plan_${plan.cycle as Cycle}` satisfies MailKey) : plan.cycle;
  return `${cycle}${plan.addon ? ` + ${plan.addon}` : ''}${plan.location ? ` (${plan.location})` : ''}`;
}

// Mail to a person about their own sign-in: a person may belong to several accounts, so it names none.
export function verificationMail(locale: Locale, to: { email: string; name: string }, url: string, hours: number) {
  return mail(
    locale,
    'verify_email',
    to.email,
    say(locale, 'verifySubject'),
    [hello(locale, to.name), say(locale, 'verifyBody', { hours: formatDuration(locale, hours, 'hour') })],
    { label: say(locale, 'verifyAction'), url },
  );
}

export function resetMail(locale: Locale, to: { email: string; name: string }, url: string, minutes: number) {
  return mail(
    locale,
    'reset_password',
    to.email,
    say(locale, 'resetSubject'),
    [hello(locale, to.name), say(locale, 'resetBody', { minutes: formatDuration(locale, minutes, 'minute') }), say(locale, 'resetIgnore')],
    { label: say(locale, 'resetAction'), url },
  );
}

/**
 * The provider's partner team opened an account for this person: with `link`, a first password to
 * set; without, they sign in as they already do and find it in their account switcher.
 */
export function accountOpenedMail(
  locale: Locale,
  to: { email: string; name: string },
  account: { name: string; id: number; admin: boolean },
  link: { url: string; hours: number } | null,
  signInUrl: string,
) {
  return mail(
    locale,
    'account_opened',
    to.email,
    say(locale, 'openedSubject'),
    [
      hello(locale, to.name),
      say(locale, account.admin ? 'openedAdmin' : 'openedReseller', { account: account.name }),
      link ? say(locale, 'openedSetPassword', { hours: formatDuration(locale, link.hours, 'hour') }) : say(locale, 'openedSignIn'),
    ],
    link ? { label: say(locale, 'openedSetPasswordAction'), url: link.url } : { label: say(locale, 'openedSignInAction'), url: signInUrl },
    account.id,
  );
}

export function passwordChangedMail(locale: Locale, to: { email: string; name: string }) {
  return mail(locale, 'password_changed', to.email, say(locale, 'passwordChangedSubject'), [
    hello(locale, to.name),
    say(locale, 'passwordChangedBody'),
    say(locale, 'passwordChangedNotYou'),
  ]);
}

/**
 * `ip` null: the sign-in came from an address the server could not tell. The moment is in the
 * person's time zone when they set one (the profile's), else UTC; the zone is named either way.
 */
export function newDeviceMail(locale: Locale, to: { email: string; name: string; timeZone?: string | null }, device: string, ip: string | null, at: Date) {
  return mail(locale, 'new_device', to.email, say(locale, 'newDeviceSubject'), [
    hello(locale, to.name),
    say(locale, 'newDeviceBody', { device, ip: ip ?? say(locale, 'newDeviceUnknownAddress'), when: formatMoment(locale, at, to.timeZone ?? undefined) }),
    say(locale, 'newDeviceAdvice'),
  ]);
}

export function invitationMail(locale: Locale, input: { to: string; account: string; invitedBy: string; role: Role; url: string; days: number }, resellerId: number) {
  const names = { inviter: input.invitedBy, account: input.account };
  return mail(
    locale,
    'team_invitation',
    input.to,
    say(locale, 'invitationSubject', names),
    [
      hello(locale, null),
      say(locale, 'invitationBody', { ...names, role: say(locale, `role_${input.role}`) }),
      say(locale, 'invitationHow', { days: formatDuration(locale, input.days, 'day') }),
    ],
    { label: say(locale, 'invitationAction'), url: input.url },
    resellerId,
  );
}

export function couponMail(
  locale: Locale,
  input: {
    to: string;
    recipientName: string | null;
    resellerName: string;
    code: string;
    plan: Plan;
    expiresAt: Date;
    redeemUrl: string;
    resellerId: number;
  },
) {
  return mail(
    locale,
    'coupon',
    input.to,
    say(locale, 'couponSubject', { reseller: input.resellerName }),
    [
      hello(locale, input.recipientName),
      say(locale, 'couponBody', { reseller: input.resellerName, plan: planName(locale, input.plan) }),
      say(locale, 'couponCode', { code: input.code }),
      say(locale, 'couponRedeemBefore', { date: formatDay(locale, input.expiresAt) }),
    ],
    { label: say(locale, 'couponAction'), url: input.redeemUrl },
    input.resellerId,
  );
}

export function vpnCredentialsMail(locale: Locale, input: { to: string; username: string; password: string; plan: Plan; resellerName: string; resellerId: number }) {
  return mail(
    locale,
    'vpn_credentials',
    input.to,
    say(locale, 'vpnReadySubject'),
    [
      hello(locale, null),
      say(locale, 'vpnCreatedBody', { reseller: input.resellerName, plan: planName(locale, input.plan) }),
      say(locale, 'vpnUsername', { username: input.username }),
      say(locale, 'vpnPassword', { password: input.password }),
      say(locale, 'vpnKeepSafe'),
    ],
    undefined,
    input.resellerId,
  );
}

export function vpnChangedMail(locale: Locale, input: { to: string; username: string; what: 'email' | 'password'; resellerId: number }) {
  const email = input.what === 'email';
  return mail(
    locale,
    'vpn_changed',
    input.to,
    say(locale, email ? 'vpnEmailChangedSubject' : 'vpnPasswordChangedSubject'),
    [hello(locale, null), say(locale, email ? 'vpnEmailChanged' : 'vpnPasswordChanged', { username: input.username }), say(locale, 'vpnChangedNotYou')],
    undefined,
    input.resellerId,
  );
}

/** A redeemed coupon's account: the end user chose the password, so it is not mailed back. */
export function vpnReadyMail(locale: Locale, input: { to: string; username: string; plan: Plan; resellerName: string; resellerId: number; endAt: Date; recurring: boolean }) {
  const date = formatDay(locale, input.endAt);
  return mail(
    locale,
    'vpn_ready',
    input.to,
    say(locale, 'vpnReadySubject'),
    [
      hello(locale, null),
      say(locale, 'vpnRedeemedBody', { reseller: input.resellerName, plan: planName(locale, input.plan) }),
      say(locale, 'vpnUsername', { username: input.username }),
      say(locale, 'vpnPasswordChosen'),
      say(locale, input.recurring ? 'vpnRenewsAfter' : 'vpnRunsUntil', { date }),
      say(locale, 'vpnKeepSafeRedeemed'),
    ],
    undefined,
    input.resellerId,
  );
}

/** An invoice the reseller's admin sent: what it is for, when it is due, and where to pay it. */
export function invoiceSentMail(locale: Locale, input: { to: { email: string; name: string; id: number }; adminName: string; invoiceId: number; amountCents: number; dueAt: Date; payUrl: string }) {
  const amount = formatMoney(locale, input.amountCents);
  return mail(
    locale,
    'invoice_sent',
    input.to.email,
    say(locale, 'invoiceSubject', { id: input.invoiceId, amount }),
    [
      hello(locale, input.to.name),
      say(locale, 'invoiceBody', { admin: input.adminName, id: input.invoiceId, amount, date: formatDay(locale, input.dueAt) }),
      say(locale, 'invoicePaying'),
    ],
    { label: say(locale, 'invoiceAction'), url: input.payUrl },
    input.to.id,
  );
}

/** A change the reseller's admin made to its sign-in details, told to the address it had. */
export function accountChangedByAdminMail(locale: Locale, to: { email: string; name: string; id: number }, adminName: string, what: 'email' | 'password') {
  const email = what === 'email';
  return mail(
    locale,
    'account_changed',
    to.email,
    say(locale, email ? 'adminEmailSubject' : 'adminPasswordSubject'),
    [hello(locale, to.name), say(locale, email ? 'adminChangedEmail' : 'adminChangedPassword', { admin: adminName }), say(locale, 'adminChangedNotYou')],
    undefined,
    to.id,
  );
}

export function webhookDisabledMail(locale: Locale, to: { email: string; name: string; id: number }, input: { url: string; mode: KeyMode; since: Date; pageUrl: string }) {
  return mail(
    locale,
    'webhook_disabled',
    to.email,
    say(locale, 'webhookSubject'),
    [
      hello(locale, to.name),
      say(locale, input.mode === 'sandbox' ? 'webhookSandboxBody' : 'webhookLiveBody', { url: input.url, since: formatMoment(locale, input.since) }),
      say(locale, 'webhookKept'),
    ],
    { label: say(locale, 'webhookAction'), url: input.pageUrl },
    to.id,
  );
}

/**
 * The reseller's own low-balance warning: what it can still spend and the line it set, the same
 * sentence as its notification (which is English, as the API's words are).
 */
export function lowBalanceMail(locale: Locale, input: { to: { email: string; name: string; id: number }; leftCents: number; lineCents: number; postpaid: boolean; payUrl: string | null }) {
  const amounts = { left: formatMoney(locale, input.leftCents), line: formatMoney(locale, input.lineCents) };
  return mail(
    locale,
    'low_balance',
    input.to.email,
    say(locale, 'lowBalanceSubject'),
    [hello(locale, input.to.name), say(locale, input.postpaid ? 'lowBalanceCredit' : 'lowBalanceWallet', amounts), say(locale, 'lowBalanceChange')],
    input.payUrl ? { label: say(locale, 'lowBalanceAction'), url: input.payUrl } : undefined,
    input.to.id,
  );
}

/** The reseller's copy of its white-label enquiry. */
export function whiteLabelAckMail(locale: Locale, input: { to: { email: string; name: string; id: number }; brandName: string; expectedUsers: number }) {
  return mail(
    locale,
    'white_label_ack',
    input.to.email,
    say(locale, 'whiteLabelAckSubject'),
    [
      hello(locale, input.to.name),
      say(locale, 'whiteLabelAckBody', { brand: input.brandName, users: formatCount(locale, input.expectedUsers) }),
      say(locale, 'whiteLabelAckReply'),
    ],
    undefined,
    input.to.id,
  );
}

/** The operator's copy of an enquiry (OPERATOR_EMAIL). */
export function whiteLabelOperatorMail(
  locale: Locale,
  input: { to: string; reseller: { email: string; name: string; id: number }; brandName: string; expectedUsers: number; message: string; listUrl: string },
) {
  return mail(
    locale,
    'white_label_enquiry',
    input.to,
    say(locale, 'whiteLabelEnquirySubject', { reseller: input.reseller.name }),
    [
      say(locale, 'whiteLabelEnquiryBody', { reseller: input.reseller.name, email: input.reseller.email, id: input.reseller.id }),
      say(locale, 'whiteLabelEnquiryBrand', { brand: input.brandName }),
      say(locale, 'whiteLabelEnquiryUsers', { users: formatCount(locale, input.expectedUsers) }),
      say(locale, 'whiteLabelEnquiryMessage', { message: input.message }),
    ],
    { label: say(locale, 'whiteLabelEnquiryAction'), url: input.listUrl },
  );
}

/**
 * The operator's reply to a white-label enquiry (the pipeline, issue 35): its subject and text as
 * the operator's member wrote them, paragraph by paragraph, signed with their name; the greeting,
 * signature and footer in the reseller's language.
 */
export function whiteLabelReplyMail(locale: Locale, input: { to: { email: string; name: string; id: number }; subject: string; body: string; from: string }) {
  const paragraphs = input.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return mail(locale, 'white_label_reply', input.to.email, input.subject, [hello(locale, input.to.name), ...paragraphs, say(locale, 'whiteLabelReplySignature', { name: input.from })], undefined, input.to.id);
}
