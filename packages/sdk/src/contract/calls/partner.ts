/** Public redemption (002 §2, §3, §4, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate } from '../common.js';
import { REDEEM_PASSWORD_MIN_LENGTH } from '../constants.js';
import { captchaTokenField, EMAIL_PATTERN, messages } from '../rules.js';

const r = messages.redeem;
export const redeemBody = z
  .object({
    name: z.string({ error: r.name }).trim().min(1, { error: r.name }),
    email: z.string({ error: r.email }).trim().min(1, { error: r.email }).regex(EMAIL_PATTERN, {
      error: messages.emailInvalid,
    }),
    password: z
      .string({ error: r.password })
      .min(1, { error: r.password })
      .min(REDEEM_PASSWORD_MIN_LENGTH, { error: r.passwordTooShort }),
    password_confirmation: z.string(),
    coupon: z.string({ error: r.coupon }).trim().min(1, { error: r.coupon }),
    addon_id: z
      .union([z.coerce.number().int().min(0).max(MAX_ID), z.literal(''), z.null()])
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
  end_date: isoDate.optional(),
});

export const redeem = defineCall({
  method: 'POST',
  path: '/api/redeem',
  access: 'public',
  spec: '002 §2, §4, §7',
  summary: 'Redeems a coupon for a VPN account.',
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});

export const redeemPartner = defineCall({
  method: 'POST',
  path: '/api/redeem/brainrocket',
  access: 'public',
  spec: '002 §2, §7',
  summary: "Redeems a coupon of the partner reseller (903) on its own page.",
  captcha: 'redeem',
  body: redeemBody,
  response: redeemAnswer,
  successCode: 90001,
});
