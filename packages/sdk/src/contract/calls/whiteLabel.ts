/**
 * White label, for real (ours, behind 000 §1's promo): a reseller's short enquiry, stored, mailed
 * back to it as an acknowledgement and to the operator; and the operator's list of them.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { isoDate, listOf, pageQuery, wholeNumber } from '../common.js';
import { isOneLine } from '../checks.js';
import { messages } from '../rules.js';

export const whiteLabelEnquiryBody = z.object({
  brand_name: z
    .string({ error: messages.whiteLabel.brandName })
    .trim()
    .min(1, { error: messages.whiteLabel.brandName })
    .max(100, { error: messages.whiteLabel.brandName })
    .refine(isOneLine, { error: messages.whiteLabel.brandName }),
  expected_users: wholeNumber(messages.whiteLabel.expectedUsers).pipe(
    z.number().min(1, { error: messages.whiteLabel.expectedUsers }).max(10_000_000, { error: messages.whiteLabel.expectedUsers }),
  ),
  message: z
    .string({ error: messages.whiteLabel.message })
    .trim()
    .min(1, { error: messages.whiteLabel.message })
    .max(2000, { error: messages.whiteLabel.message }),
});

export const whiteLabelEnquiryRow = z.object({
  id: z.number(),
  reseller_id: z.number(),
  reseller_name: z.string(),
  reseller_email: z.string(),
  brand_name: z.string(),
  expected_users: z.number(),
  message: z.string(),
  created_at: isoDate,
});
export type WhiteLabelEnquiryRow = z.infer<typeof whiteLabelEnquiryRow>;

export const askWhiteLabel = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiry',
  access: 'reseller',
  permission: 'account.manage',
  spec: 'ours (000 §1: the white-label promo)',
  summary: 'Sends the operator an enquiry about the white-label offer; the reseller gets a copy by e-mail.',
  body: whiteLabelEnquiryBody,
  response: z.object({ id: z.number(), created_at: isoDate }),
  successCode: 140001,
});

export const whiteLabelEnquiries = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiries',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (000 §1: the white-label promo)',
  summary: "The resellers' white-label enquiries, newest first: the operator's (the provider's own account).",
  query: pageQuery,
  /** search: a part of the brand name or of the reseller's e-mail, any case. */
  body: z.object({ search: z.string().trim().max(100).optional() }),
  response: listOf(whiteLabelEnquiryRow),
  successCode: 140002,
});
