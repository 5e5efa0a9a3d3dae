/** Public redemption (002 §2, §3, §4, §7) and the settings of its embed (ours). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate, wholeNumber } from '../common.js';
import { REDEEM_CALLS, REDEEM_EMBED } from '../constants.js';
import { captchaTokenField, EMAIL_PATTERN, isEmbedOrigin, isOneLine, isStrongPassword, messages } from '../rules.js';

const r = messages.redeem;
/**
 * The redeem payload (002 §3). The page's password rule is the general one of 000 §5: the password
 * becomes the VPN account's, which the portal may only ever set to a strong one (docs/api.md).
 */
export const redeemBody = z
  .object({
    name: z
      .string({ error: r.name })
      .trim()
      .min(1, { error: r.name })
      .max(100, { error: 'The name may not be greater than 100 characters' })
      .refine(isOneLine, { error: 'The name may not contain line breaks or control characters' }),
    email: z
      .string({ error: r.email })
      .trim()
      .min(1, { error: r.email })
      .max(254, { error: messages.emailInvalid })
      .regex(EMAIL_PATTERN, { error: messages.emailInvalid }),
    password: z
      .string({ error: r.password })
      .min(1, { error: r.password })
      .max(128, { error: 'The password may not be greater than 128 characters' })
      .refine(isStrongPassword, { error: messages.passwordRule }),
    password_confirmation: z.string({ error: r.passwordsDontMatch }),
    coupon: z.string({ error: r.coupon }).trim().min(1, { error: r.coupon }),
    /** The dedicated IP chosen after an `actionrequired` answer; '', 0 or null: none yet. */
    addon_id: z
      .union([wholeNumber(r.dedicatedIp).pipe(z.number().min(0).max(MAX_ID)), z.literal(''), z.null()], { error: r.dedicatedIp })
      .optional()
      .transform((v) => (v === '' || v === null || v === undefined || v === 0 ? null : v)),
    token: captchaTokenField,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', message: r.passwordsDontMatch, path: ['password_confirmation'] });
    }
  });

/** Success: the new account; status `actionrequired`: pick a dedicated IP from `addons` and resend. */
const redeemAnswer = z.object({
  addons: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  plan: z.string().optional(),
  end_date: isoDate.nullable().optional(),
});

export const redeem = defineCall({
  method: 'POST',
  path: REDEEM_CALLS.public,
  access: 'public',
  spec: '002 §2, §4, §7',
  summary: "Redeems a coupon for a VPN account (any reseller's but 903's).",
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});

export const redeemPartner = defineCall({
  method: 'POST',
  path: REDEEM_CALLS.partner,
  access: 'public',
  spec: '002 §2, §7',
  summary: 'Redeems a coupon of the partner reseller (903) on its own page.',
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});

/** An origin allowed to frame the redeem page, as CSP frame-ancestors takes it. */
export const embedOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\/+$/, ''))
  .refine(isEmbedOrigin, { error: 'Enter an origin such as https://www.example.com: scheme, host and port only.' });

/** What a reseller sets for its embedded redeem page. */
export const redeemEmbedInput = z.object({
  allowed_origins: z
    .array(embedOrigin)
    .max(REDEEM_EMBED.maxOrigins, { error: `At most ${REDEEM_EMBED.maxOrigins} origins.` })
    .transform((list) => [...new Set(list)]),
  accent: z
    .union([z.string().trim().regex(REDEEM_EMBED.accentPattern, { error: 'Enter a colour such as #1565c0.' }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  theme: z.enum(REDEEM_EMBED.themes).default('light'),
  language: z.enum(REDEEM_EMBED.snippetLanguages).default('auto'),
});

export const redeemEmbed = z.object({
  allowed_origins: z.array(z.string()),
  accent: z.string().nullable(),
  theme: z.enum(REDEEM_EMBED.themes),
  language: z.enum(REDEEM_EMBED.snippetLanguages),
  /** The page the snippets point to: /redeem?reseller=…, or /redeem/brainrocket for 903. */
  page_url: z.string(),
  script_url: z.string(),
  partner: z.boolean(),
});
export type RedeemEmbed = z.infer<typeof redeemEmbed>;

export const getRedeemEmbed = defineCall({
  method: 'GET',
  path: '/api/v1/resellers/redeem/embed',
  access: 'reseller',
  permission: 'account.read',
  spec: 'ours (002 §2 Redeem embed code)',
  summary: 'The embed settings of the redeem page and the URLs its snippets use.',
  response: redeemEmbed,
  successCode: 90011,
});

export const updateRedeemEmbed = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/redeem/embed',
  access: 'reseller',
  permission: 'account.manage',
  spec: 'ours (002 §2 Redeem embed code)',
  summary: 'Saves the origins allowed to frame the redeem page and its theme.',
  body: redeemEmbedInput,
  response: redeemEmbed,
  successCode: 90012,
});
