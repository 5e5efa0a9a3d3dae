/**
 * Validation rules with their exact messages (000 §5, 001 §5, 002 §5). The server parses every
 * request with these schemas and the UI validates forms with the same ones.
 */
import { z } from 'zod';
import {
  COUPON_QUANTITY,
  DEPOSIT_MAX_USD,
  DEPOSIT_MIN_USD,
  HASH_MIN_LENGTH,
  INVOICE_AMOUNT_USD,
  OPERATOR_ADJUSTMENT_USD,
  REGISTER_EMAIL_MAX,
} from './constants.js';
import { EMAIL_INVALID_MESSAGE, EMAIL_PATTERN, PASSWORD_RULE_MESSAGE, isOneLine, isStrongPassword, redeemMessages } from './checks.js';
import { wholeNumber } from './common.js';

export * from './checks.js';

export const messages = {
  locale: 'Choose one of the languages offered.',
  timeZone: 'Choose a time zone from the list, such as Europe/Madrid.',
  cataloguePrice: 'The price must be an amount in dollars between 0 and 100000.',
  catalogueEffectiveAt: 'Choose a date and time, such as 2026-12-01T09:00:00Z.',
  catalogueItem: 'Choose a product or an addon.',
  catalogueActive: 'Say whether it is sold (true) or withdrawn (false).',
  resellerId: 'Choose a reseller.',
  resellerSearch: 'Search with at most 100 characters.',
  resellerStatusFilter: 'The status must be active, inactive or suspended.',
  resellerKind: 'Choose admin resellers or resellers.',
  resellerSort: 'Sort by created_at, name, balance or spend_30d, in asc or desc order.',
  programmeDays: 'Please choose a range: 7, 30 or 90 days.',
  resellerTerms: 'Choose the terms: prepaid or postpaid.',
  resellerIsAdmin: 'Say whether it is an admin reseller (true) or not (false).',
  resellerStatusAction: 'Choose to suspend or to reactivate.',
  resellerReason: 'Please give a reason (at most 200 characters, one line).',
  creditLimit: 'The credit limit must be an amount in dollars between 0.01 and 1000000.',
  settlementDay: 'The settlement day must be a day of the month from 1 to 28.',
  prepaidHasNoCredit: 'A prepaid account has no credit limit or settlement day: choose postpaid terms to set them.',
  settlementAmount: 'The amount must be in dollars between 0.01 and 1000000.',
  settlementNote: 'Please say what was paid (at most 200 characters, one line), such as a bank transfer\'s reference.',
  emailRequired: 'Email address is required',
  emailInvalid: EMAIL_INVALID_MESSAGE,
  emailTooLong: `The email may not be greater than ${REGISTER_EMAIL_MAX} characters`,
  passwordRequired: 'Password is required',
  passwordRule: PASSWORD_RULE_MESSAGE,
  passwordsDontMatch: "Passwords don't match",
  passwordConfirmationMismatch: 'Password confirmation does not match',
  fullNameRequired: 'Full Name is required',
  hashInvalid: 'This link is invalid.',
  quantityRange: `Quantity must be between ${COUPON_QUANTITY.min} and ${COUPON_QUANTITY.max}`,
  quantityRangeRestricted: `Quantity must be between ${COUPON_QUANTITY.min} and ${COUPON_QUANTITY.restrictedMax}`,
  amountInvalid: 'Please enter valid amount',
  depositTooLow: `Amount should be greater than $${DEPOSIT_MIN_USD}`,
  depositTooHigh: 'Amount should be less than $1,000,000',
  invoiceTooLow: `Invoice Amount must be greater than $${INVOICE_AMOUNT_USD.min}!`,
  invoiceTooHigh: 'Invoice Amount must be less than $10,000!',
  cardNameRequired: 'Name is required.',
  nothingToUpdate: 'Nothing to update',
  fieldEmpty: 'Field is empty',
  userUndefined: 'User undefined',
  emailFieldMissing: 'Email field not found. Please try again.',
  fullNameRequiredCoupon: 'Full name is required',
  fullNameFieldMissing: 'Full name field not found. Please try again.',
  vpnEmailRequired: 'Please enter email',
  vpnSearchRequired: 'Please select search type or insert details',
  unknownField: "Unknown field '${field}'.",
  unknownFieldSuggestion: "Unknown field '${field}'. Did you mean '${suggestion}'?",
  redeem: redeemMessages,
  sandbox: {
    secretKey: 'secretKey is required',
    refreshToken: 'refreshToken is required',
    updateEmail: 'userId and newEmail are required',
    create: 'username, password and email are required',
    search: 'Search query is required',
    password: 'User ID, old password, and new password are required',
    status: 'User ID and status are required',
    delete: 'User ID is required for deletion',
    username: 'The username must be 3 to 32 characters: letters, digits, dots, dashes or underscores, starting with a letter or digit.',
    statusValue: "Status must be 'active' or 'suspended'.",
    balance: 'The balance must be an amount in dollars between 0 and 1000000.',
  },
  insightRange: 'Please choose a range: 7 days, 30 days, 90 days or 12 months.',
  lowBalanceThreshold: 'The low-balance warning must be an amount from $0.01 to $1,000,000.00, or empty to turn it off.',
  couponCodeMatch: 'The code filter matches a prefix or a fragment.',
  couponRedeemedFilter: 'The Redeemed filter must be all, yes or no.',
  couponPlanFilter: 'Please choose a plan from the list.',
  couponSelection: 'Please select from 1 to 1,000 coupons.',
  /** A list's date filter (ours): a day as the date field gives it, the range not inverted. */
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateRangeInverted: 'The end date must not be before the start date',
  whiteLabel: {
    brandName: 'Please enter the brand name, up to 100 characters on one line.',
    expectedUsers: 'Please enter the number of users you expect, from 1 to 10,000,000.',
    message: 'Please tell us about your plans, up to 2,000 characters.',
    /** The operator's pipeline (issue 35). */
    enquiry: 'Choose an enquiry from the list.',
    status: 'Choose a status: new, contacted, won or lost.',
    owner: 'Choose a member of your team, or nobody.',
    ownerFilter: 'Choose an owner from the list, or nobody.',
    note: 'Please write the note, from 1 to 2,000 characters.',
    replySubject: 'Please enter the subject, up to 150 characters on one line.',
    replyBody: 'Please write the reply, from 1 to 5,000 characters.',
    search: 'The search may hold up to 100 characters.',
  },
  /** The operator's audit page (issue 35). */
  audit: {
    action: 'Choose an action from the list.',
    person: 'Choose a person from the list.',
  },
  /** A webhook endpoint's URL (ours): said under the field of the portal's form as in the API's answer. */
  webhookUrlRequired: 'Please enter the URL of your webhook endpoint.',
  webhookUrlTooLong: 'The URL of a webhook endpoint may not be longer than 2,048 characters.',
  couponSelectionUnsendable: 'Some of the selected coupons were redeemed, have expired or are no longer in your list. Nothing was sent: please review the selection.',
  couponSelectionChanged: 'Some of the selected coupons were redeemed or are no longer in your list. Nothing was deleted: please review the selection.',
  /** The operator's Money (ours, issue 35): its filters and its manual adjustment. */
  money: {
    kind: 'Please choose a kind: deposit, invoice, refund or adjustment.',
    status: 'Please choose a status from the list.',
    reseller: 'Search a reseller by its id, or by a part of its name or e-mail (up to 100 characters).',
    amountFilter: 'Please enter an amount in dollars, such as 25 or 25.50.',
    amountRangeInverted: 'The largest amount must not be below the smallest',
    sort: 'Sort by date or amount, ascending or descending.',
    resellerId: "Please enter the reseller's id, a whole number such as 1042.",
    type: 'Please choose whether to credit or debit the wallet.',
    amount: `The amount must be between $0.01 and $${OPERATOR_ADJUSTMENT_USD.max.toLocaleString('en-US')}.`,
    reason: 'Please give a reason: one line of at most 200 characters.',
  },
} as const;

/**
 * Text that must hold something: null (an emptied react-admin input), a non-string, '' and only
 * spaces all read `message`, the field's own sentence, never a schema library's words.
 */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailField = requiredText(messages.emailRequired)
  .regex(EMAIL_PATTERN, { error: messages.emailInvalid });

export const registerEmailField = requiredText(messages.emailRequired)
  .max(REGISTER_EMAIL_MAX, { error: messages.emailTooLong })
  .regex(EMAIL_PATTERN, { error: messages.emailInvalid });

export const passwordRequiredField = z.string({ error: messages.passwordRequired }).min(1, { error: messages.passwordRequired });

export const strongPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, { error: messages.passwordRequired })
  .refine(isStrongPassword, { error: messages.passwordRule });

export const fullNameField = requiredText(messages.fullNameRequired)
  .max(100, { error: 'The name may not be greater than 100 characters' })
  // A name is shown on screens and written into mails: one line, no control characters.
  .refine(isOneLine, {
    error: 'The name may not contain line breaks or control characters',
  });

export const hashField = z.string().min(HASH_MIN_LENGTH, { error: messages.hashInvalid }).max(200);

/** A captcha token; empty when no captcha provider is configured. */
export const captchaTokenField = z.string().max(4096).optional().default('');

/** Adds the "confirmation must match" rule to an object with password and password_confirmation. */
export function withConfirmation<T extends { password: string; password_confirmation: string }>(
  message: string = messages.passwordsDontMatch,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', message, path: ['password_confirmation'] });
    }
  };
}

export function couponQuantityField(restricted: boolean) {
  const max = restricted ? COUPON_QUANTITY.restrictedMax : COUPON_QUANTITY.max;
  const message = restricted ? messages.quantityRangeRestricted : messages.quantityRange;
  return wholeNumber(message).pipe(z.number().min(COUPON_QUANTITY.min, { error: message }).max(max, { error: message }));
}

/** Parses a US-dollar amount ("2000", "2000.5", 2000.25) into integer cents without float error. */
export function dollarsToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export const centsToDollars = (cents: number): number => Math.round(cents) / 100;

/** A dollar amount as sent by a form: accepted as number or text, parsed to cents. */
export const dollarAmountField = z
  // Each branch words it too: a form shows the first branch's issue of a union.
  .union([z.number({ error: messages.amountInvalid }), z.string({ error: messages.amountInvalid })], { error: messages.amountInvalid })
  .transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: messages.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

export const depositAmountField = dollarAmountField
  .refine((cents) => cents >= DEPOSIT_MIN_USD * 100, { error: messages.depositTooLow })
  .refine((cents) => cents <= Math.round(DEPOSIT_MAX_USD * 100), { error: messages.depositTooHigh });

export const invoiceAmountField = dollarAmountField
  .refine((cents) => cents >= INVOICE_AMOUNT_USD.min * 100, { error: messages.invoiceTooLow })
  .refine((cents) => cents <= INVOICE_AMOUNT_USD.max * 100, { error: messages.invoiceTooHigh });

/** The low-balance warning line in cents, or null (empty, null) to turn the warning off. */
export const lowBalanceThresholdField = z
  .union([z.null(), z.number(), z.string()], { error: messages.lowBalanceThreshold })
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const cents = dollarsToCents(value);
    if (cents === null || cents < 1 || cents > 100_000_000) {
      ctx.addIssue({ code: 'custom', message: messages.lowBalanceThreshold });
      return z.NEVER;
    }
    return cents;
  });
