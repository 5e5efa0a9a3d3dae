/**
 * White label, for real (ours, behind 000 §1's promo): a reseller's short enquiry, stored, mailed
 * back to it as an acknowledgement and to the operator; and the operator's pipeline of them (issue
 * 35): a status (new, contacted, won, lost), an owner of its team, notes, and a reply by e-mail.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, isoDate, listOf, pageQuery, wholeNumber } from '../common.js';
import { isOneLine } from '../checks.js';
import { messages } from '../rules.js';

/** Where an enquiry stands in the operator's pipeline; a new one is `new`, a reply makes it `contacted`. */
export const WHITE_LABEL_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type WhiteLabelStatus = (typeof WHITE_LABEL_STATUSES)[number];
/** The longest note, and the longest reply mailed to a reseller. */
export const WHITE_LABEL_NOTE_MAX = 2000;
export const WHITE_LABEL_REPLY_MAX = 5000;

const wl = messages.whiteLabel;
const statusField = z.enum(WHITE_LABEL_STATUSES, { error: wl.status });
const enquiryId = wholeNumber(wl.enquiry).pipe(z.number().min(1, { error: wl.enquiry }).max(MAX_ID, { error: wl.enquiry }));
const personId = (message: string) => wholeNumber(message).pipe(z.number().min(1, { error: message }).max(MAX_ID, { error: message }));
/** Text of one to `max` characters once trimmed: empty and spaces-only read the field's sentence. */
const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

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

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const whiteLabelNoteRow = z.object({
  id: z.number(),
  kind: z.enum(['note', 'reply']).describe('note: for the team; reply: mailed to the reseller'),
  subject: z.string().nullable().describe("a reply's subject; null for a note"),
  body: z.string(),
  person: person.nullable().describe('who wrote it; null: a person since deleted'),
  created_at: isoDate,
});
export type WhiteLabelNoteRow = z.infer<typeof whiteLabelNoteRow>;

export const whiteLabelEnquiryRow = z.object({
  id: z.number(),
  reseller_id: z.number(),
  reseller_name: z.string(),
  reseller_email: z.string(),
  brand_name: z.string(),
  expected_users: z.number(),
  message: z.string(),
  created_at: isoDate,
  status: statusField,
  owner: person.nullable().describe("the operator's member who follows it up; null: nobody yet"),
  updated_at: isoDate.describe('the last change of its status, owner or notes'),
  notes: z.array(whiteLabelNoteRow).describe('its notes and replies, oldest first'),
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
  summary:
    "The resellers' white-label enquiries, newest first, each with its status, owner and notes: the operator's pipeline (the provider's own account). Filters: a part of the brand name or of the reseller's e-mail, the status, the owner (`none`: nobody).",
  query: pageQuery,
  body: z.object({
    search: z.string({ error: wl.search }).trim().max(100, { error: wl.search }).optional(),
    status: statusField.optional(),
    owner_person_id: z.union([z.literal('none'), personId(wl.ownerFilter)], { error: wl.ownerFilter }).optional(),
  }),
  response: listOf(whiteLabelEnquiryRow),
  successCode: 140002,
});

export const whiteLabelOwners = defineCall({
  method: 'GET',
  path: '/api/v1/white-label/enquiries/owners',
  access: 'operator',
  permission: 'operator.read',
  spec: 'ours (issue 35: the white-label pipeline)',
  summary: "The people who may own an enquiry: the operator's team, by name.",
  response: z.array(person),
  successCode: 150205,
});

export const setWhiteLabelStatus = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiries/status',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the white-label pipeline)',
  summary:
    'Moves an enquiry to a status. `from`, the status the person saw, is checked: if someone moved it meanwhile, nothing changes and the answer (409) says where it now stands. The same status again changes nothing (422).',
  body: z.object({ enquiry_id: enquiryId, status: statusField, from: statusField.optional() }),
  response: whiteLabelEnquiryRow,
  successCode: 150201,
});

export const assignWhiteLabelOwner = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiries/owner',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the white-label pipeline)',
  summary: "Gives an enquiry an owner, a member of the operator's team, or none (null).",
  body: z.object({ enquiry_id: enquiryId, owner_person_id: z.union([z.null(), personId(wl.owner)], { error: wl.owner }) }),
  response: whiteLabelEnquiryRow,
  successCode: 150202,
});

export const addWhiteLabelNote = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiries/notes',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the white-label pipeline)',
  summary: "Adds a note to an enquiry's timeline, for the team (1 to 2,000 characters); the reseller does not see it.",
  body: z.object({ enquiry_id: enquiryId, body: text(wl.note, WHITE_LABEL_NOTE_MAX) }),
  response: whiteLabelEnquiryRow,
  successCode: 150203,
});

export const replyWhiteLabel = defineCall({
  method: 'POST',
  path: '/api/v1/white-label/enquiries/reply',
  access: 'operator',
  permission: 'operator.manage',
  spec: 'ours (issue 35: the white-label pipeline)',
  summary:
    "Mails the reseller a reply (through the outbox, in the same transaction), keeps it in the enquiry's timeline, and moves a `new` enquiry to `contacted`.",
  body: z.object({
    enquiry_id: enquiryId,
    subject: text(wl.replySubject, 150).refine(isOneLine, { error: wl.replySubject }),
    body: text(wl.replyBody, WHITE_LABEL_REPLY_MAX),
  }),
  response: whiteLabelEnquiryRow,
  successCode: 150204,
});
