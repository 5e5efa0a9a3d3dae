/**
 * The notifications' sentences: what the bell and the Notifications page say when something happens
 * to the account. The server words each notification in English from this list (the API's language,
 * like every envelope `message`); the portal knows each by its English text and shows it in the
 * reader's language from its catalogue, so every member of a team reads the same notification in
 * their own. `${name}` is filled with a value; a sentence with `||||` has a singular and a plural
 * form, chosen by `smart_count`.
 */
export const notices = {
  // --- the account and its sign-in
  emailVerified: 'Your email address is verified. Welcome to Partner Panel!',
  passwordReset: 'Your password was reset from a link mailed to you. If this was not you, contact support at once.',
  passwordChanged: 'Your password was changed and every session was signed out. If this was not you, reset it at once.',
  accountActive: 'Your account is active again: you can generate coupons.',
  accountInactive: 'Your account is now inactive: generating coupons and creating VPN accounts are paused.',
  // --- what an admin reseller did to one of its users
  adminRenamed: '${admin} changed your name to ${name}.',
  adminChangedEmail: '${admin} changed your sign-in e-mail to ${email}.',
  adminActivated: '${admin} activated your account: you can generate coupons again.',
  adminDeactivated: '${admin} deactivated your account: generating coupons and creating VPN accounts are paused.',
  adminPriceRecurring: '${admin} set your Recursive ${cycle} price to ${amount}.',
  adminPriceOneTime: '${admin} set your Non-Recursive ${cycle} price to ${amount}.',
  adminVerified: '${admin} verified your account.',
  adminCredited: '${admin} credited ${amount} to your wallet: ${reason}',
  adminDebited: '${admin} debited ${amount} from your wallet: ${reason}',
  invoiceSent: '${admin} sent you invoice #${invoice} of ${amount}.',
  invoiceSentByAdmin: 'Your admin sent you invoice #${invoice} of ${amount}.',
  invoicePaid: '${name} paid invoice #${invoice} of ${amount}.',
  // --- what the partner team did
  operatorVerified: 'The partner team verified your account.',
  operatorSuspended:
    "The partner team suspended your account: ${reason}. Generating coupons and creating VPN accounts are paused; your customers' subscriptions go on.",
  operatorReactivated: 'The partner team reactivated your account: ${reason}.',
  termsPostpaid: 'The partner team set your account to postpaid terms: a credit limit of ${amount}, settled by day ${day} of each month.',
  termsPrepaid: 'The partner team set your account to prepaid terms: add funds to your wallet before you buy.',
  settlementRecorded: 'We recorded your settlement of ${amount} (${note}). You now owe ${owed}.',
  operatorCredited: 'The operator credited ${amount} to your wallet: ${reason}',
  operatorDebited: 'The operator debited ${amount} from your wallet: ${reason}',
  // --- money
  paymentReceived: 'Payment of ${amount} received by ${method}: your wallet was credited and invoice #${invoice} is paid.',
  lowBalance: 'Your balance (${left}) fell below the ${line} you set. Add funds to keep generating coupons and renewing VPN accounts.',
  lowCredit: 'What is left of your credit line (${left}) fell below the ${line} you set. Please contact us to settle your account.',
  // --- coupons
  couponsGenerated: '${smart_count} coupon generated for ${amount}. |||| ${smart_count} coupons generated for ${amount}.',
  couponsGeneratedFor: '${name} generated ${smart_count} coupon for you (${amount}). |||| ${name} generated ${smart_count} coupons for you (${amount}).',
  couponRefunded: 'Coupon ${code} was deleted and ${amount} refunded to your wallet.',
  couponsRefunded: '${smart_count} coupon was deleted and ${amount} refunded. |||| ${smart_count} coupons were deleted and ${amount} refunded.',
  couponRedeemed: 'Coupon ${code} was redeemed by ${email}: VPN account ${username}.',
  // --- VPN accounts
  vpnCreated: 'VPN account ${username} was created for ${email} (${amount}).',
  vpnEnabled: 'VPN account ${username} was enabled.',
  vpnDisabled: 'VPN account ${username} was disabled.',
  vpnDeleted: 'VPN account ${username} was deleted.',
  vpnRenewed: 'VPN account ${username} was renewed until ${date} (${amount}).',
  vpnSuspendedRetired: 'VPN account ${username} was suspended: its plan is no longer sold, so it could not be renewed.',
  vpnSuspendedUnpaid: 'VPN account ${username} was suspended: its renewal (${amount}) could not be paid from your wallet. Add funds, then enable it again.',
  vpnSuspendedOverCredit:
    "VPN account ${username} was suspended: its renewal (${amount}) would pass your account's credit limit. Please contact us to settle your account, then enable it again.",
  renewalsNotCovered:
    'Your balance (${balance}) does not cover the ${smart_count} renewal due in the next ${days} days (${amount}). Add funds to keep this VPN account active. |||| Your balance (${balance}) does not cover the ${smart_count} renewals due in the next ${days} days (${amount}). Add funds to keep these VPN accounts active.',
  renewalsOverCredit:
    'What is left of your credit limit (${left}) does not cover the ${smart_count} renewal due in the next ${days} days (${amount}). Please contact us to settle your account to keep this VPN account active. |||| What is left of your credit limit (${left}) does not cover the ${smart_count} renewals due in the next ${days} days (${amount}). Please contact us to settle your account to keep these VPN accounts active.',
  // --- integration
  webhookDisabledLive: 'Your live webhook endpoint ${url} was disabled: it has accepted no delivery since ${since} UTC.',
  webhookDisabledSandbox: 'Your sandbox webhook endpoint ${url} was disabled: it has accepted no delivery since ${since} UTC.',
} as const;

export type NoticeName = keyof typeof notices;

/**
 * The sentences the server writes into records it keeps: a wallet movement's description (the
 * Transactions page) and the invoice it makes for a deposit. English in the API and its exports, as
 * stored; the portal shows them in the reader's language as it does the notices.
 */
export const descriptions = {
  walletDeposit: 'Wallet Deposit',
  demoFunds: 'Demo funds',
  deposit: 'Deposit by ${method}, invoice #${invoice}',
  invoicePayment: 'Payment by ${method}, invoice #${invoice}',
  coupons: 'Coupons: ${quantity} × ${cycle}',
  couponsWithAddon: 'Coupons: ${quantity} × ${cycle} + ${addon}',
  couponRefund: 'Refund of coupon ${code}',
  couponsRefund: 'Refund of ${smart_count} deleted coupon |||| Refund of ${smart_count} deleted coupons',
  vpnPurchase: 'VPN account ${username}: ${plan}',
  vpnRenewal: 'Renewal of VPN account ${username}',
  sandboxOpened: 'Sandbox wallet opened with play money',
  sandboxSet: 'Sandbox balance set to ${amount}',
  settlement: 'Settlement: ${note}',
  operatorCredit: 'Credit from the operator: ${reason}',
  operatorDebit: 'Debit by the operator: ${reason}',
  adminCredit: 'Credit from ${admin}: ${reason}',
  adminDebit: 'Debit by ${admin}: ${reason}',
  userCredit: 'Credit to ${name} (#${id}): ${reason}',
  userDebit: 'Debit from ${name} (#${id}): ${reason}',
} as const;

export type DescriptionName = keyof typeof descriptions;

/** The names a sentence's `${…}` placeholders take. */
type Placeholders<S extends string> = S extends `${string}\${${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type ValuesOf<S extends string> = { [K in Placeholders<S>]: K extends 'smart_count' ? number : string | number };
export type NoticeValues<N extends NoticeName> = ValuesOf<(typeof notices)[N]>;

/** A notification's sentence made by `notice()`: the server's notifier takes nothing else. */
export type NoticeText = string & { readonly notice: true };

/**
 * A sentence filled: the singular form when `smart_count` is 1, else the plural. A value is put in
 * as given (amounts already formatted, `$1,234.50`; dates as `2026-12-08`), which is how the portal
 * recognises and re-formats them for its reader.
 */
function fill(sentence: string, values: Record<string, string | number> | undefined): string {
  const forms = sentence.split('||||').map((form) => form.trim());
  const form = forms.length > 1 && values?.smart_count !== 1 ? forms[1] : forms[0];
  return (form as string).replace(/\$\{(\w+)\}/g, (whole, key: string) => (values && key in values ? String(values[key]) : whole));
}

/** The English sentence of a notification, filled. */
export function notice<N extends NoticeName>(name: N, ...[values]: Placeholders<(typeof notices)[N]> extends never ? [] : [NoticeValues<N>]): NoticeText {
  return fill(notices[name], values as Record<string, string | number> | undefined) as NoticeText;
}

/** The English description of a record, filled. */
export function description<N extends DescriptionName>(
  name: N,
  ...[values]: Placeholders<(typeof descriptions)[N]> extends never ? [] : [ValuesOf<(typeof descriptions)[N]>]
): string {
  return fill(descriptions[name], values as Record<string, string | number> | undefined);
}
