/**
 * Teams (ours): the people of an account and their roles, invitations, and the account a session
 * acts for. Roles and permissions are declared in roles.ts; docs/api.md "Teams" tells the rules.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { isoDate, resellerUser, rowId, usd } from '../common.js';
import { MAX_INVITATIONS_AT_ONCE, INVITATION_STATUSES, PERMISSIONS, ROLES } from '../roles.js';
import { LOCALES } from '../constants.js';
import { emailField, fullNameField, hashField, strongPasswordField, withConfirmation } from '../rules.js';

export const roleSchema = z.enum(ROLES, { error: `The role must be one of ${ROLES.join(', ')}.` });
const personId = rowId.describe('the person, as members list them');
/** Dollars with at most two decimals, or null for no limit. */
const dailyLimit = z
  .number({ error: 'The daily limit must be an amount in dollars, or left empty for no limit.' })
  .min(0, { error: 'The daily limit may not be below zero.' })
  .max(1_000_000, { error: 'The daily limit may be at most 1000000 dollars.' })
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'The daily limit may have at most two decimals.' })
  .nullable();

/** Who is signed in and what they may do in the current account (the profile and sign-in answers carry it). */
export const memberSchema = z.object({
  person_id: z.number(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
  daily_limit: usd.nullable(),
  /** Their language and time zone (issue 36); null until chosen: the browser's then. */
  locale: z.enum(LOCALES).nullable(),
  time_zone: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** The signed-in user: the account (000 §3's fields) and the member acting for it. */
export const signedInUser = resellerUser.extend({ member: memberSchema });
export type SignedInUser = z.infer<typeof signedInUser>;

export const teamMemberRow = z.object({
  person_id: z.number(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  daily_limit: usd.nullable(),
  two_factor: z.boolean().describe('signs in with a second factor'),
  joined_at: isoDate,
  you: z.boolean(),
});
export type TeamMemberRow = z.infer<typeof teamMemberRow>;

export const invitationRow = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.string().nullable(),
  created_at: isoDate,
  sent_at: isoDate,
  expires_at: isoDate,
  accepted_at: isoDate.nullable(),
});
export type InvitationRow = z.infer<typeof invitationRow>;

export const teamMembers = defineCall({
  method: 'GET',
  path: '/api/v1/team/members',
  access: 'reseller',
  permission: 'team.read',
  spec: 'ours (Team page)',
  summary: "The account's members, the Owner first.",
  response: z.object({ data: z.array(teamMemberRow), two_factor_required: z.boolean() }),
  successCode: 23001,
});

export const inviteMembers = defineCall({
  method: 'POST',
  path: '/api/v1/team/invitations',
  access: 'reseller',
  permission: 'team.manage',
  spec: 'ours (Team page)',
  summary: 'Invites one or several e-mail addresses at once, each with a role; each gets a link valid for 10 days.',
  body: z.object({
    invitations: z
      .array(z.object({ email: emailField, role: roleSchema }).strict(), { error: 'The invitations field must be a list of { email, role }.' })
      .min(1, { error: 'Invite at least one e-mail address.' })
      .max(MAX_INVITATIONS_AT_ONCE, { error: `Invite at most ${MAX_INVITATIONS_AT_ONCE} addresses at once.` }),
  }),
  response: z.object({ data: z.array(invitationRow) }),
  successCode: 23002,
});

export const teamInvitations = defineCall({
  method: 'GET',
  path: '/api/v1/team/invitations',
  access: 'reseller',
  permission: 'team.read',
  spec: 'ours (Team page)',
  summary: "The account's invitations, newest first: pending, accepted, expired and revoked.",
  response: z.object({ data: z.array(invitationRow) }),
  successCode: 23003,
});

export const resendInvitation = defineCall({
  method: 'POST',
  path: '/api/v1/team/invitations/resend',
  access: 'reseller',
  permission: 'team.manage',
  spec: 'ours (Team page)',
  summary: 'Mails a pending or expired invitation again with a new link, valid 10 days; the older link stops working.',
  body: z.object({ id: rowId }),
  response: invitationRow,
  successCode: 23004,
});

export const revokeInvitation = defineCall({
  method: 'POST',
  path: '/api/v1/team/invitations/revoke',
  access: 'reseller',
  permission: 'team.manage',
  spec: 'ours (Team page)',
  summary: 'Withdraws a pending invitation: its link no longer works.',
  body: z.object({ id: rowId }),
  response: invitationRow,
  successCode: 23005,
});

export const readInvitation = defineCall({
  method: 'POST',
  path: '/api/team/invitation',
  access: 'public',
  spec: 'ours (the invitation page)',
  summary: 'What a pending invitation offers, read by the token of its link; whether its address already signs in here.',
  body: z.object({ token: hashField }),
  response: z.object({ account: z.string(), email: z.string(), role: roleSchema, expires_at: isoDate, existing_person: z.boolean() }),
  successCode: 23006,
});

export const acceptInvitation = defineCall({
  method: 'POST',
  path: '/api/team/invitation/accept',
  access: 'public',
  spec: 'ours (the invitation page)',
  summary:
    'Accepts an invitation. A new person gives a name and a password (the rules of registration); an address that already signs in here accepts signed in as that person (its bearer). Answers a session in the account.',
  body: z
    .object({
      token: hashField,
      name: fullNameField.optional(),
      password: strongPasswordField.optional(),
      password_confirmation: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.password !== undefined) withConfirmation()(v as { password: string; password_confirmation: string }, ctx);
    }),
  response: signedInUser.extend({ access_token: z.string(), expires_at: isoDate }),
  successCode: 23007,
});

export const updateMember = defineCall({
  method: 'POST',
  path: '/api/v1/team/members/update',
  access: 'reseller',
  permission: 'team.manage',
  spec: 'ours (Team page)',
  summary:
    "Changes a member's role and/or an Operations member's daily spending limit (dollars per UTC day, null: none). Their sessions end, so the change applies at once.",
  body: z.object({ person_id: personId, role: roleSchema.optional(), daily_limit: dailyLimit.optional() }),
  response: teamMemberRow,
  successCode: 23008,
});

export const removeMember = defineCall({
  method: 'POST',
  path: '/api/v1/team/members/remove',
  access: 'reseller',
  permission: 'team.manage',
  spec: 'ours (Team page)',
  summary: 'Removes a member from the account; their sessions in it and their sockets end at once.',
  body: z.object({ person_id: personId }),
  response: z.null(),
  successCode: 23009,
});

export const transferOwnership = defineCall({
  method: 'POST',
  path: '/api/v1/team/transfer',
  access: 'reseller',
  permission: 'team.own',
  spec: 'ours (Team page)',
  summary: 'Makes another member the Owner; the Owner becomes an Administrator.',
  body: z.object({ person_id: personId }),
  response: z.object({ data: z.array(teamMemberRow), two_factor_required: z.boolean() }),
  successCode: 23010,
});

export const requireTeamTwoFactor = defineCall({
  method: 'POST',
  path: '/api/v1/team/two-factor',
  access: 'reseller',
  permission: 'team.own',
  spec: 'ours (Team page)',
  summary: 'Requires (or no longer requires) a second factor of every member at sign-in.',
  body: z.object({ required: z.boolean({ error: 'The required field must be true or false.' }) }),
  response: z.object({ required: z.boolean() }),
  successCode: 23011,
});

export const accountRow = z.object({ id: z.number(), name: z.string(), custom_url: z.string(), role: roleSchema, current: z.boolean() });

export const myAccounts = defineCall({
  method: 'GET',
  path: '/api/v1/team/accounts',
  access: 'reseller',
  permission: 'self',
  spec: 'ours (the account switcher)',
  summary: 'The accounts the signed-in person belongs to, with their role in each; `current` is the session’s.',
  response: z.object({ data: z.array(accountRow) }),
  successCode: 23012,
});

export const switchAccount = defineCall({
  method: 'POST',
  path: '/api/v1/team/accounts/switch',
  access: 'reseller',
  permission: 'self',
  spec: 'ours (the account switcher)',
  summary: "Moves the session to another account the person belongs to; answers the profile there (its custom_url is the portal's new prefix).",
  body: z.object({ reseller_id: rowId }),
  response: signedInUser,
  successCode: 23013,
});
