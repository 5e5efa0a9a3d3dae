/** Shapes several calls share. Money leaves the server as US dollars with two decimals. */
import { z } from 'zod';
import { ADDON_KEYS, CYCLE_NAMES } from './constants.js';

export const usd = z.number().describe('US dollars, two decimals');
export const isoDate = z.string().describe('ISO 8601 date-time');
export const cycleSchema = z.enum(CYCLE_NAMES);
export const billingTypeSchema = z.union([z.literal(1), z.literal(2)]);
/** Billing type as a form sends it: 1, 2, "1" or "2". */
export const billingTypeInput = z.coerce
  .number()
  .pipe(z.union([z.literal(1), z.literal(2)], { error: 'Please select a product type' }));
export const addonKeySchema = z.enum(ADDON_KEYS);
/** Row ids are PostgreSQL integers; a larger number names no row. */
export const MAX_ID = 2_147_483_647;
/** A page number; far past any list's end, but an offset the database can still take. */
export const MAX_PAGE = 1_000_000;
export const rowId = z.coerce.number().int().positive().max(MAX_ID);
export const idInput = z.coerce
  .number({ error: 'User undefined' })
  .int()
  .positive({ error: 'User undefined' })
  .max(MAX_ID, { error: 'User undefined' });
export const empty = z.object({}).strict();
export const nothing = z.null();

/** `?page_limit={n}&page={p}` of the list calls. */
export const pageQuery = z.object({
  page_limit: z.coerce.number().int().min(1).max(100_000).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
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
  verified: z.boolean(),
  created_at: isoDate,
});
export type ResellerUser = z.infer<typeof resellerUser>;

export const listOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number() });
