/** The mails the product sends: plain text and a simple HTML version of each. */
import type { MailMessage } from './types.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escape(action.url)}">${escape(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#777">Partner Panel</p></body></html>`;
}

function text(paragraphs: string[], action?: { label: string; url: string }) {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '-- \nPartner Panel'].join('\n\n');
}

function mail(kind: string, to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }, resellerId?: number): MailMessage {
  return { kind, to, subject, text: text(paragraphs, action), html: layout(subject, paragraphs, action), resellerId: resellerId ?? null };
}

// Mail to a person about their own sign-in: a person may belong to several accounts, so it names none.
export function verificationMail(to: { email: string; name: string }, url: string, hours: number) {
  return mail(
    'verify_email',
    to.email,
    'Verify your email address',
    [`Hello ${to.name},`, `Please confirm your email address to activate your Partner Panel account. The link is valid for ${hours} hours.`],
    { label: 'Verify email address', url },
  );
}

export function resetMail(to: { email: string; name: string }, url: string, minutes: number) {
  return mail(
    'reset_password',
    to.email,
    'Reset your password',
    [
      `Hello ${to.name},`,
      `We received a request to reset the password of your Partner Panel account. The link is valid for ${minutes} minutes.`,
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
    { label: 'Reset password', url },
  );
}

/**
 * The provider's partner team opened an account for this person: with `link`, a first password to
 * set; without, they sign in as they already do and find it in their account switcher.
 */
export function accountOpenedMail(to: { email: string; name: string }, account: { name: string; id: number; admin: boolean }, link: { url: string; hours: number } | null, signInUrl: string) {
  const what = account.admin ? 'an admin reseller account' : 'a reseller account';
  return mail(
    'account_opened',
    to.email,
    'Your Partner Panel account is ready',
    [
      `Hello ${to.name},`,
      `The partner team opened ${what} for ${account.name} on Partner Panel, with you as its Owner.`,
      link
        ? `Set your password to sign in. The link is valid for ${link.hours} hours; after that, use "Forgot password" on the sign-in page.`
        : 'Sign in as you already do: the new account is in the account switcher of the user menu.',
    ],
    link ? { label: 'Set your password', url: link.url } : { label: 'Sign in', url: signInUrl },
    account.id,
  );
}

export function passwordChangedMail(to: { email: string; name: string }) {
  return mail(
    'password_changed',
    to.email,
    'Your password was changed',
    [
      `Hello ${to.name},`,
      'The password of your Partner Panel account was just changed, and every session was signed out.',
      'If this was not you, reset your password at once and contact support.',
    ],
    undefined,
  );
}

export function newDeviceMail(to: { email: string; name: string }, device: string, ip: string, at: Date) {
  const when = at.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return mail(
    'new_device',
    to.email,
    'A new sign-in to your Partner Panel account',
    [
      `Hello ${to.name},`,
      `Your account was just signed in on a device it had not used before: ${device}, from ${ip}, on ${when} UTC.`,
      'If this was you, there is nothing to do. If not, change your password at once, turn on two-factor sign-in, and sign that session out from your profile.',
    ],
    undefined,
  );
}

export function invitationMail(input: { to: string; account: string; invitedBy: string; role: string; url: string; days: number }, resellerId: number) {
  return mail(
    'team_invitation',
    input.to,
    `${input.invitedBy} invited you to ${input.account} on Partner Panel`,
    [
      'Hello,',
      `${input.invitedBy} invited you to join ${input.account} on Partner Panel as ${input.role}.`,
      `Open the link to accept: you set your name and password, or, if this address already signs in to Partner Panel, you accept with that sign-in. The link is valid for ${input.days} days.`,
    ],
    { label: 'Accept the invitation', url: input.url },
    resellerId,
  );
}

export function couponMail(input: {
  to: string;
  recipientName: string | null;
  resellerName: string;
  code: string;
  plan: string;
  expiresAt: Date;
  redeemUrl: string;
  resellerId: number;
}) {
  const until = input.expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return mail(
    'coupon',
    input.to,
    `Your VPN coupon from ${input.resellerName}`,
    [
      `Hello${input.recipientName ? ` ${input.recipientName}` : ''},`,
      `${input.resellerName} sent you a VPN subscription coupon: ${input.plan}.`,
      `Your coupon code: ${input.code}`,
      `Redeem it before ${until} to activate your VPN account.`,
    ],
    { label: 'Redeem your coupon', url: input.redeemUrl },
    input.resellerId,
  );
}

export function vpnCredentialsMail(input: { to: string; username: string; password: string; plan: string; resellerName: string; resellerId: number }) {
  return mail(
    'vpn_credentials',
    input.to,
    'Your VPN account is ready',
    [
      'Hello,',
      `${input.resellerName} created a VPN account for you: ${input.plan}.`,
      `Username: ${input.username}`,
      `Password: ${input.password}`,
      'Keep these details safe. Your provider can change the password for you at any time.',
    ],
    undefined,
    input.resellerId,
  );
}

export function vpnChangedMail(input: { to: string; username: string; what: 'email' | 'password'; resellerId: number }) {
  const change = input.what === 'email' ? 'This address is now the e-mail of your VPN account' : 'The password of your VPN account was changed';
  return mail(
    'vpn_changed',
    input.to,
    input.what === 'email' ? 'Your VPN account e-mail was changed' : 'Your VPN password was changed',
    ['Hello,', `${change} (${input.username}).`, 'If you did not ask for this, contact the provider you bought it from.'],
    undefined,
    input.resellerId,
  );
}

/** A redeemed coupon's account: the end user chose the password, so it is not mailed back. */
export function vpnReadyMail(input: { to: string; username: string; plan: string; resellerName: string; resellerId: number; endAt: Date; recurring: boolean }) {
  const until = input.endAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return mail(
    'vpn_ready',
    input.to,
    'Your VPN account is ready',
    [
      'Hello,',
      `Your coupon from ${input.resellerName} is redeemed: ${input.plan}.`,
      `Username: ${input.username}`,
      'Password: the one you chose when you redeemed the coupon.',
      input.recurring ? `Your subscription runs until ${until} and then renews automatically.` : `Your subscription runs until ${until}.`,
      'Keep these details safe. If you forget the password, the provider you bought the coupon from can change it for you.',
    ],
    undefined,
    input.resellerId,
  );
}

/** An invoice the reseller's admin sent: what it is for, when it is due, and where to pay it. */
export function invoiceSentMail(input: { to: { email: string; name: string; id: number }; adminName: string; invoiceId: number; amount: string; dueAt: Date; payUrl: string }) {
  const due = input.dueAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return mail(
    'invoice_sent',
    input.to.email,
    `Invoice #${input.invoiceId} of ${input.amount}`,
    [
      `Hello ${input.to.name},`,
      `${input.adminName} sent you invoice #${input.invoiceId} of ${input.amount}, due by ${due}.`,
      'Paying it adds the amount to your wallet.',
    ],
    { label: 'Pay invoice', url: input.payUrl },
    input.to.id,
  );
}

/** A change the reseller's admin made to its sign-in details, told to the address it had. */
export function accountChangedByAdminMail(to: { email: string; name: string; id: number }, adminName: string, what: 'email' | 'password') {
  const change = what === 'email' ? 'changed the e-mail address you sign in with' : 'set a new password for your account and signed out every session';
  return mail(
    'account_changed',
    to.email,
    what === 'email' ? 'Your sign-in e-mail was changed' : 'Your password was changed',
    [`Hello ${to.name},`, `${adminName}, who manages your account, ${change}.`, 'If you did not expect this, contact them or support.'],
    undefined,
    to.id,
  );
}

export function webhookDisabledMail(to: { email: string; name: string; id: number }, input: { url: string; mode: string; since: Date; pageUrl: string }) {
  return mail(
    'webhook_disabled',
    to.email,
    'A webhook endpoint was disabled',
    [
      `Hello ${to.name},`,
      `Your ${input.mode} webhook endpoint ${input.url} has not accepted a delivery since ${input.since.toISOString().slice(0, 16).replace('T', ' ')} UTC, through every retry, so we disabled it.`,
      'Its events are kept: once the endpoint answers again, enable it and resend the deliveries you missed from its delivery log, or read them from the events API.',
    ],
    { label: 'Open the webhook endpoints', url: input.pageUrl },
    to.id,
  );
}

/** The reseller's own low-balance warning (the same sentence as its notification). */
export function lowBalanceMail(input: { to: { email: string; name: string; id: number }; message: string; payUrl: string | null }) {
  return mail(
    'low_balance',
    input.to.email,
    'Low balance warning',
    [`Hello ${input.to.name},`, input.message, 'You can change or turn off this warning on your profile.'],
    input.payUrl ? { label: 'Add funds', url: input.payUrl } : undefined,
    input.to.id,
  );
}

/** The reseller's copy of its white-label enquiry. */
export function whiteLabelAckMail(input: { to: { email: string; name: string; id: number }; brandName: string; expectedUsers: number }) {
  return mail(
    'white_label_ack',
    input.to.email,
    'We received your white-label enquiry',
    [
      `Hello ${input.to.name},`,
      `Thank you for asking about selling ${input.brandName} as your own VPN brand (about ${input.expectedUsers.toLocaleString('en-US')} users).`,
      'We will reply to this address within two working days.',
    ],
    undefined,
    input.to.id,
  );
}

/** The operator's copy of an enquiry (OPERATOR_EMAIL). */
export function whiteLabelOperatorMail(input: { to: string; reseller: { email: string; name: string; id: number }; brandName: string; expectedUsers: number; message: string; listUrl: string }) {
  return mail(
    'white_label_enquiry',
    input.to,
    `White-label enquiry from ${input.reseller.name}`,
    [
      `${input.reseller.name} (${input.reseller.email}, reseller #${input.reseller.id}) asks about the white-label offer.`,
      `Brand name: ${input.brandName}`,
      `Expected users: ${input.expectedUsers.toLocaleString('en-US')}`,
      `Message: ${input.message}`,
    ],
    { label: 'Sign in to see every enquiry', url: input.listUrl },
  );
}

/**
 * The operator's reply to a white-label enquiry (the pipeline, issue 35): its subject and text as
 * the operator's member wrote them, paragraph by paragraph, signed with their name.
 */
export function whiteLabelReplyMail(input: { to: { email: string; name: string; id: number }; subject: string; body: string; from: string }) {
  const paragraphs = input.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return mail('white_label_reply', input.to.email, input.subject, [`Hello ${input.to.name},`, ...paragraphs, `${input.from}, for the white-label offer`], undefined, input.to.id);
}
