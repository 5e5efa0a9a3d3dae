/**
 * The operator's console (ours, issue 35): the provider's own account reads and changes the
 * catalogue every reseller buys from, and reads the audit log of what its people did. Access `operator` refuses every reseller, admin or not; a
 * member needs `operator.read` to read and `operator.manage` to change (roles.ts).
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate, listOf, pageQuery, usd, wholeNumber } from '../common.js';
import { USER_PRICE_MAX_USD } from '../constants.js';
import { dollarsToCents, messages } from '../rules.js';

export const CATALOGUE_ITEM_TYPES = ['product', 'addon'] as const;
export const CATALOGUE_CHANGES = ['price', 'withdraw', 'reinstate'] as const;

const itemType = z.enum(CATALOGUE_ITEM_TYPES, { error: messages.catalogueItem });
const itemId = z.number({ error: messages.catalogueItem }).int({ error: messages.catalogueItem }).min(1, { error: messages.catalogueItem }).max(1_000_000, { error: messages.catalogueItem });

/** A catalogue price in dollars (a number or text), to integer cents. */
export const cataloguePriceField = z
  .union([z.number({ error: messages.cataloguePrice }), z.string({ error: messages.cataloguePrice })], { error: messages.cataloguePrice })
  .transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null || cents > USER_PRICE_MAX_USD * 100) {
      ctx.addIssue({ code: 'custom', message: messages.cataloguePrice });
      return z.NEVER;
    }
    return cents;
  });

/** When a change takes effect: an ISO date-time with its offset; absent or null: at once. */
export const effectiveAtField = z
  .union([z.null(), z.string({ error: messages.catalogueEffectiveAt })], { error: messages.catalogueEffectiveAt })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: messages.catalogueEffectiveAt });
      return z.NEVER;
    }
    return at;
  });

const pendingChange = z.object({ id: z.number(), change: z.enum(CATALOGUE_CHANGES), price: usd.nullable(), effective_at: isoDate });

export const catalogueProductRow = z.object({
  id: z.number(),
  billing_type: z.number().describe('1 recurring, 2 onetime'),
  cycle: z.string(),
  months: z.number(),
  price: usd.describe('the list price per cycle'),
  active: z.boolean().describe('false: withdrawn (no new sales; coupons and subscriptions kept)'),
  pending: z.array(pendingChange).describe('scheduled changes, soonest first'),
});
export type CatalogueProductRow = z.infer<typeof catalogueProductRow>;

export const catalogueAddonRow = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  monthly_price: usd.nullable().describe('per month of the cycle it is bought with; null: not sold'),
  active: z.boolean(),
  pending: z.array(pendingChange),
});
export type CatalogueAddonRow = z.infer<typeof catalogueAddonRow>;

export const catalogueChangeRow = z.object({
  id: z.number(),
  item_type: z.enum(CATALOGUE_ITEM_TYPES),
  item_id: z.number(),
  change: z.enum(CATALOGUE_CHANGES),
  from: usd.nullable().describe('the price it replaced (a price change once applied)'),
  to: usd.nullable(),
  person: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable().describe('who made it'),
  created_at: isoDate,
  effective_at: isoDate,
  applied_at: isoDate.nullable().describe('null: scheduled, not yet in effect'),
});
export type CatalogueChangeRow = z.infer<typeof catalogueChangeRow>;

export const catalogue = defineCall({
  method: 'GET',
  path: '/api/v1/operator/catalogue',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: the catalogue)',
  summary: 'Every product and addon with its list price, whether it is sold or withdrawn, and its scheduled changes.',
  response: z.object({ products: z.array(catalogueProductRow), addons: z.array(catalogueAddonRow) }),
  successCode: 150001,
});

export const catalogueHistory = defineCall({
  method: 'GET',
  path: '/api/v1/operator/catalogue/history',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: the catalogue)',
  summary: "Every change of the catalogue, newest first: who asked it, when, from and to, and when it took or takes effect.",
  query: pageQuery,
  response: listOf(catalogueChangeRow),
  successCode: 150002,
});

export const changeCataloguePrice = defineCall({
  method: 'POST',
  path: '/api/v1/operator/catalogue/price',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the catalogue)',
  summary:
    "Sets a product's price per cycle or an addon's monthly price, at once or from `effective_at`. It moves the catalogue's version: every charge after it takes effect is priced anew.",
  body: z.object({ item_type: itemType, item_id: itemId, price: cataloguePriceField, effective_at: effectiveAtField }),
  response: catalogueChangeRow,
  successCode: 150003,
});

export const setCatalogueAvailability = defineCall({
  method: 'POST',
  path: '/api/v1/operator/catalogue/availability',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the catalogue)',
  summary:
    'Withdraws a product or addon from sale (Generate and the v2 API no longer offer it; its coupons and subscriptions stay) or reinstates it, at once.',
  body: z.object({ item_type: itemType, item_id: itemId, active: z.boolean({ error: messages.catalogueActive }) }),
  response: catalogueChangeRow,
  successCode: 150004,
});

// --- the audit log of the operator's actions (issue 35 point 6)

const auditFilterDay = (field: string) =>
  z
    .string({ error: messages.dateInvalid })
    .trim()
    .optional()
    .default('')
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { error: messages.dateInvalid, path: [] })
    .describe(`YYYY-MM-DD, UTC, inclusive (${field})`);

/**
 * The audit page's filter: an action (exact, `catalogue.price`, or a family, `catalogue`), the
 * person who acted, and a range of days (UTC, inclusive; an end before the start is refused).
 */
export const operatorAuditFilter = z.object({
  action: z
    .string({ error: messages.audit.action })
    .trim()
    .max(60, { error: messages.audit.action })
    .regex(/^[a-z_.]*$/, { error: messages.audit.action })
    .optional()
    .default(''),
  person_id: z
    .union([wholeNumber(messages.audit.person).pipe(z.number().min(1, { error: messages.audit.person }).max(MAX_ID, { error: messages.audit.person })), z.literal('')], {
      error: messages.audit.person,
    })
    .optional()
    .default(''),
  dateStart: auditFilterDay('first day'),
  dateEnd: auditFilterDay('last day'),
});
export type OperatorAuditFilter = z.input<typeof operatorAuditFilter>;

const auditPerson = z.object({ id: z.number(), name: z.string(), email: z.string() });
const auditValues = z.record(z.string(), z.unknown()).nullable();

export const operatorAuditRow = z.object({
  id: z.number(),
  action: z.string().describe('what was done: catalogue.price, white_label.status, team.member_invited…'),
  person: auditPerson.nullable().describe("the operator's member who acted; null: the system, or a person since deleted"),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: auditValues,
  after: auditValues,
  data: auditValues.describe('what else the action recorded (a change id, a mail subject)'),
  ip: z.string().nullable(),
  created_at: isoDate,
});
export type OperatorAuditRow = z.infer<typeof operatorAuditRow>;

export const operatorAudit = defineCall({
  method: 'POST',
  path: '/api/v1/operator/audit',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: the audit log)',
  summary:
    "The operator account's audit log, newest first: every action its people took (the catalogue, the white-label pipeline, its team…), who, before and after, from which address. Also the actions and people the log holds, for the filter's lists.",
  query: pageQuery,
  body: operatorAuditFilter,
  response: listOf(operatorAuditRow).extend({ actions: z.array(z.string()), people: z.array(auditPerson) }),
  successCode: 150301,
});

export const operatorAuditExportTicket = defineCall({
  method: 'POST',
  path: '/api/v1/operator/audit/export',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: the audit log)',
  summary: 'A two-minute signed link to the filtered audit log as CSV.',
  body: operatorAuditFilter,
  response: z.object({ url: z.string(), expires_at: isoDate }),
  successCode: 150302,
});

export const exportOperatorAudit = defineCall({
  method: 'GET',
  path: '/api/v1/operator/audit/export',
  access: 'public',
  spec: 'ours (issue 35: the audit log)',
  summary: "The filtered audit log as a streamed CSV file; the signed ticket is the authorisation.",
  query: z.object({ ticket: z.string().min(1).max(4096) }),
  response: z.string(),
  successCode: 150303,
  raw: 'csv',
});
