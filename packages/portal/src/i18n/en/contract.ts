/**
 * The contract's sentences (packages/sdk) in the catalogue's form: the rules' messages a form shows
 * under a field, and the refusals the server answers. The contract words them in English once; a
 * screen shows them in its language through ../localise.ts, which knows each by its English text.
 * Placeholders become polyglot's: `${owed}` → `%{owed}`.
 */
import { descriptions as descriptionSentences, errors, messages, notices as noticeSentences, successes } from '@partner-panel/sdk';

type Polyglot<T> = { [K in keyof T]: T[K] extends string ? string : Polyglot<T[K]> };

const polyglot = (text: string) => text.replace(/\$\{(\w+)\}/g, '%{$1}');

function mapTexts<T extends object>(node: T): Polyglot<T> {
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, typeof value === 'string' ? polyglot(value) : mapTexts(value as object)])) as Polyglot<T>;
}

/** Every form rule's sentence, by its name in the contract's `messages`. */
export const validation = mapTexts(messages);

/** Every refusal's sentence, by its name in the contract's `errors`. */
export const refusals = Object.fromEntries(Object.entries(errors).map(([name, entry]) => [name, polyglot(entry.message)])) as { [K in keyof typeof errors]: string };

type Texts<T> = { [K in keyof T as T[K] extends string ? K : never]: string };

/** The answers' sentences on success that are fixed, by their name in the contract's `successes`. */
const fixedSuccesses = Object.fromEntries(Object.entries(successes).filter(([, value]) => typeof value === 'string')) as Texts<typeof successes>;

/**
 * Those the contract writes with a count or a name: the same words as its functions, with polyglot's
 * placeholders, and the singular and plural forms of a count (`smart_count`).
 */
const filledSuccesses = {
  otherSessionsEnded: '%{smart_count} other session is signed out. |||| %{smart_count} other sessions are signed out.',
  couponsGenerated: '%{smart_count} coupon generated successfully. |||| %{smart_count} coupons generated successfully.',
  couponsDeleted: '%{smart_count} coupon deleted and %{refunded} refunded. |||| %{smart_count} coupons deleted and %{refunded} refunded.',
  couponsSent: '%{smart_count} coupon sent successfully. |||| %{smart_count} coupons sent successfully.',
  vpnCreated: 'VPN account created successfully. The login details were sent to %{email}.',
  redeemed: 'Your VPN account is ready. We sent the login details to %{email}.',
  userInvoiceSent: 'Invoice #%{id} of %{amount} sent to %{email}.',
  resellerCreated: 'The account is open: %{email} was sent a link to set a password.',
  resellerSettled: 'Settlement of %{amount} recorded. It now owes %{owed}.',
  moneyReconciled: 'Reconciled: no mismatches.',
  moneyMismatches: '%{smart_count} mismatch found. |||| %{smart_count} mismatches found.',
  operatorCredited: '%{amount} credited to the wallet of %{name}: %{reason}',
  operatorDebited: '%{amount} debited from the wallet of %{name}: %{reason}',
  whiteLabelStatusChanged: 'The enquiry is now %{status}.',
  whiteLabelOwnerAssigned: '%{name} now owns the enquiry.',
  whiteLabelReplied: 'Reply sent to %{email}.',
  clientUsersFound: '%{smart_count} user found. |||| %{smart_count} users found.',
  invited: '%{smart_count} invitation sent. |||| %{smart_count} invitations sent.',
};

export const successSentences = { ...fixedSuccesses, ...filledSuccesses };

/**
 * The notifications' sentences, by their name in the contract's `notices`: the server words each
 * notification in English, and the bell and the Notifications page show it in the reader's language.
 */
export const notices = mapTexts(noticeSentences);

/** The descriptions the server writes into records, by their name in the contract's `descriptions`. */
export const descriptions = mapTexts(descriptionSentences);
