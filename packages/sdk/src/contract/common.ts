/** Shapes several calls share. Money leaves the server as US dollars with two decimals. */
import { z } from 'zod';
import { ADDON_KEYS, CYCLE_NAMES } from './constants.js';

export const usd = z.number().describe('US dollars, two decimals');
export const isoDate = z.string().describe('ISO 8601 date-time');
export const cycleSchema = z.enum(CYCLE_NAMES);
export const billingTypeSchema = z.union([z.literal(1), z.literal(2)]);
/** The dotted name of the field an issue is about ("quantity", "items.0.id"). */
export const fieldName = (path: readonly PropertyKey[] | undefined) => (path ?? []).map(String).join('.') || 'value';

/**
 * A whole number as JSON or a form sends it: 42 or "42". Never a boolean, a list, a fraction, an
 * exponent or an empty string, which `z.coerce.number()` would quietly turn into a number (true → 1,
 * [101] → 101) and charge for. `message` replaces the default sentence naming the field.
 */
export function wholeNumber(message?: string) {
  // Every branch carries the sentence too: a form shows the first branch's issue of a union.
  const error = (issue: { path?: PropertyKey[] }) => message ?? `The ${fieldName(issue.path)} field must be a whole number.`;
  return z.union([z.number({ error }).int({ error }), z.string({ error }).trim().regex(/^\d{1,20}$/, { error }).transform(Number)], { error });
}

/** Billing type as a form sends it: 1, 2, "1" or "2". */
export const billingTypeInput = wholeNumber('Please select a product type').pipe(
  z.union([z.literal(1), z.literal(2)], { error: 'Please select a product type' }),
);
export const addonKeySchema = z.enum(ADDON_KEYS);
/** Row ids are PostgreSQL integers; a larger number names no row. */
export const MAX_ID = 2_147_483_647;
/** A page number; far past any list's end, but an offset the database can still take. */
export const MAX_PAGE = 1_000_000;
export const rowId = wholeNumber().pipe(z.number().positive().max(MAX_ID));
export const idInput = wholeNumber('User undefined').pipe(
  z.number().positive({ error: 'User undefined' }).max(MAX_ID, { error: 'User undefined' }),
);
/** An optional id where '', null and 0 mean "none" (an addon select left empty). */
export const optionalIdInput = z
  .union([wholeNumber().pipe(z.number().min(0).max(MAX_ID)), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined || v === 0 ? null : v));
export const empty = z.object({}).strict();
export const nothing = z.null();

/** `?page_limit={n}&page={p}` of the list calls. */
export const pageQuery = z.object({
  page_limit: wholeNumber().pipe(z.number().min(1).max(100_000)).optional(),
  page: wholeNumber().pipe(z.number().min(1).max(MAX_PAGE)).optional(),
});

/** The signed-in reseller as the browser stores it (000 §3). */
export const resellerUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.number().describe('1 active, 2 inactive'),
  balance: usd,
  custom_url: z.string(),
  client_id: z.string(),
  is_admin: z.boolean(),
  /** The provider's own account (docs/architecture.md "The operator"): its console, no wallet. */
  is_operator: z.boolean(),
  verified: z.boolean(),
  created_at: isoDate,
});
export type ResellerUser = z.infer<typeof resellerUser>;

export const listOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number() });
