/**
 * Two-factor sign-in (ours; docs/api.md "Two-factor sign-in"): TOTP with ten one-time recovery
 * codes, set up, shown and turned off from the profile with the password and a current code, and
 * asked at sign-in as a third step after the password; an admin may require it of its users.
 */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { MAX_ID, empty, idInput, isoDate, nothing, wholeNumber } from '../common.js';
import { messages, passwordRequiredField } from '../rules.js';
import { LOCALES } from '../constants.js';
// A sign-in's answer names the person and their role in the account, whichever step ends it.
import { signedInUser } from './team.js';

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeFormat: 'A code is 6 digits, or a recovery code such as ABCDE-12345.',
} as const;

/** A current 6-digit TOTP code or a recovery code (`ABCDE-12345`, any case, spaces and dashes ignored). */
export const secondFactorCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(40, { error: TWO_FACTOR_MESSAGES.codeFormat })
  .transform((v) => v.toUpperCase().replace(/[\s-]+/g, ''))
  .refine((v) => /^\d{6}$/.test(v) || /^[0-9A-Z]{10}$/.test(v), { error: TWO_FACTOR_MESSAGES.codeFormat });

/** A current 6-digit TOTP code only (confirming a new secret). */
export const totpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{6}$/.test(v), { error: 'Enter the 6-digit code your authenticator app shows.' });

const challengeField = z.string().min(20).max(200);

export const twoFactorState = z.object({
  totp: z.boolean(),
  passkeys: z.array(z.object({ id: z.number(), name: z.string(), created_at: isoDate, last_used_at: isoDate.nullable() })),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});

const setupAnswer = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of `otpauth_url`, drawn by the server: an SVG data URL. */
  qr_code: z.string(),
});

const recoveryAnswer = z.object({ recovery_codes: z.array(z.string()) });

export const getTwoFactor = defineCall({
  method: 'GET',
  path: '/api/v1/profile/two-factor',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Whether two-factor sign-in is on, how many recovery codes are left, and whether the admin requires it.',
  response: twoFactorState,
  successCode: 20111,
});

export const setupTwoFactor = defineCall({
  method: 'POST',
  path: '/api/v1/profile/two-factor/setup',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Starts TOTP set-up with the password: a new secret, its otpauth URL and QR code. Nothing changes until it is confirmed.',
  body: z.object({ password: passwordRequiredField }),
  response: setupAnswer,
  successCode: 20112,
});

export const enableTwoFactor = defineCall({
  method: 'POST',
  path: '/api/v1/profile/two-factor/enable',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Confirms the new secret with a current code: TOTP is on, ten recovery codes are answered once, other sessions end.',
  body: z.object({ code: totpCode }),
  response: recoveryAnswer,
  successCode: 20113,
});

export const renewRecoveryCodes = defineCall({
  method: 'POST',
  path: '/api/v1/profile/two-factor/recovery-codes',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Replaces the recovery codes with ten new ones, shown once; needs the password and a current code.',
  body: z.object({ password: passwordRequiredField, code: secondFactorCode }),
  response: recoveryAnswer,
  successCode: 20114,
});

export const disableTwoFactor = defineCall({
  method: 'POST',
  path: '/api/v1/profile/two-factor/disable',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Turns two-factor sign-in off with the password and a current code; other sessions end.',
  body: z.object({ password: passwordRequiredField, code: secondFactorCode }),
  response: nothing,
  successCode: 20115,
});

export const loginTwoFactor = defineCall({
  method: 'POST',
  path: '/api/login/two-factor',
  access: 'public',
  spec: 'ours',
  summary: "Sign-in's third step: the challenge the password step answered and a current code or a recovery code.",
  body: z.object({ challenge: challengeField, code: secondFactorCode }),
  response: signedInUser.extend({ access_token: z.string(), expires_at: isoDate }),
  successCode: 10001,
});

export const loginTwoFactorSetup = defineCall({
  method: 'POST',
  path: '/api/login/two-factor/setup',
  access: 'public',
  spec: 'ours',
  summary: 'For an account whose admin requires a second factor and that has none yet: a new secret at sign-in.',
  body: z.object({ challenge: challengeField }),
  response: setupAnswer,
  successCode: 20112,
});

export const loginTwoFactorEnable = defineCall({
  method: 'POST',
  path: '/api/login/two-factor/enable',
  access: 'public',
  spec: 'ours',
  summary: 'Confirms the secret set up at sign-in with a current code: signs in and answers the recovery codes once.',
  body: z.object({ challenge: challengeField, code: totpCode }),
  response: signedInUser.extend({ access_token: z.string(), expires_at: isoDate, recovery_codes: z.array(z.string()) }),
  successCode: 10001,
});

export const requireTwoFactor = defineCall({
  method: 'POST',
  path: '/api/v1/resellers/two-factor/require',
  access: 'admin',
  permission: 'subresellers.manage',
  spec: 'ours',
  summary: "Requires (or stops requiring) a second factor of one of the admin's own users.",
  body: z.object({ user_reseller_id: idInput, required: z.boolean() }),
  response: z.object({ user_reseller_id: z.number(), required: z.boolean() }),
  successCode: 20116,
});

// ---- signed-in sessions and security events (the profile)

export const sessionSchema = z.object({
  id: z.number(),
  /** Browser and system read from the user agent ("Chrome on Windows"). */
  device: z.string(),
  ip: z.string().nullable(),
  started_at: isoDate,
  last_seen_at: isoDate,
  /** The session making this call. */
  current: z.boolean(),
});

export const listSessions = defineCall({
  method: 'GET',
  path: '/api/v1/profile/sessions',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: "The account's signed-in sessions, newest first; the one making the call is marked current.",
  response: z.array(sessionSchema),
  successCode: 20121,
});

export const endSession = defineCall({
  method: 'POST',
  path: '/api/v1/profile/sessions/end',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: "Signs one of the account's sessions out; its next call answers forbidden.",
  body: z.object({
    id: wholeNumber('This session is not signed in any more.').pipe(z.number().positive({ error: 'This session is not signed in any more.' }).max(MAX_ID, { error: 'This session is not signed in any more.' })),
  }),
  response: nothing,
  successCode: 20122,
});

export const endOtherSessions = defineCall({
  method: 'POST',
  path: '/api/v1/profile/sessions/end-others',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Signs every session of the account out but the one making the call.',
  body: empty.optional(),
  response: z.object({ ended: z.number().int() }),
  successCode: 20123,
});

export const securityEventSchema = z.object({
  id: z.number(),
  action: z.string(),
  /** The event in a sentence, as the profile shows it. */
  description: z.string(),
  person: z
    .object({ id: z.number(), name: z.string(), email: z.string() })
    .nullable()
    .describe("who did it: you, or the member of your account who changed its keys or webhooks; null for what the account's administrator did to it"),
  ip: z.string().nullable(),
  created_at: isoDate,
});

export const securityEvents = defineCall({
  method: 'GET',
  path: '/api/v1/profile/security-events',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: "The account's own security events, newest first (at most 50): sign-ins, password, two-factor, session and secret-key changes.",
  response: z.array(securityEventSchema),
  successCode: 20124,
});

// ---- passkeys (WebAuthn): a second factor instead of a TOTP code

/** The browser's WebAuthn answer as @simplewebauthn/browser gives it (checked by the server's verifier). */
const webauthnAnswer = z.record(z.string(), z.unknown());
/** Options for the browser's WebAuthn call, as @simplewebauthn/browser takes them. */
const webauthnOptions = z.record(z.string(), z.unknown());

export const passkeyOptions = defineCall({
  method: 'POST',
  path: '/api/v1/profile/passkeys/options',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Options for adding a passkey (navigator.credentials.create), with the password; valid five minutes.',
  body: z.object({ password: passwordRequiredField }),
  response: webauthnOptions,
  successCode: 20131,
});

export const addPasskey = defineCall({
  method: 'POST',
  path: '/api/v1/profile/passkeys',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: "Adds the passkey the browser made from the options; other sessions end.",
  body: z.object({ name: z.string().trim().min(1, { error: 'Name the passkey, for example "Work laptop".' }).max(60, { error: 'A passkey name may have at most 60 characters.' }), response: webauthnAnswer }),
  response: z.object({ id: z.number(), name: z.string() }),
  successCode: 20132,
});

export const removePasskey = defineCall({
  method: 'POST',
  path: '/api/v1/profile/passkeys/remove',
  access: 'reseller',
  permission: 'self',
  spec: 'ours',
  summary: 'Removes one of the account’s passkeys, with the password; other sessions end.',
  body: z.object({
    id: wholeNumber('This passkey does not exist.').pipe(z.number().positive({ error: 'This passkey does not exist.' }).max(MAX_ID, { error: 'This passkey does not exist.' })),
    password: passwordRequiredField,
  }),
  response: nothing,
  successCode: 20133,
});

export const loginPasskeyOptions = defineCall({
  method: 'POST',
  path: '/api/login/passkey/options',
  access: 'public',
  spec: 'ours',
  summary: "Sign-in's third step with a passkey: options for navigator.credentials.get.",
  body: z.object({ challenge: challengeField }),
  response: webauthnOptions,
  successCode: 20134,
});

export const loginPasskey = defineCall({
  method: 'POST',
  path: '/api/login/passkey',
  access: 'public',
  spec: 'ours',
  summary: "Sign-in's third step with a passkey: the browser's answer signs in.",
  body: z.object({ challenge: challengeField, response: webauthnAnswer }),
  response: signedInUser.extend({ access_token: z.string(), expires_at: isoDate }),
  successCode: 10001,
});

/** An IANA time zone the runtime knows (Intl), such as Europe/Madrid. */
export const timeZoneField = z
  .string({ error: messages.timeZone })
  .trim()
  .min(1, { error: messages.timeZone })
  .max(64, { error: messages.timeZone })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: messages.timeZone },
  );

export const preferencesSchema = z.object({
  locale: z.enum(LOCALES, { error: messages.locale }).nullable(),
  time_zone: z.string().nullable(),
});

export const updatePreferences = defineCall({
  method: 'POST',
  path: '/api/v1/profile/preferences',
  access: 'reseller',
  permission: 'self',
  spec: 'ours (issue 36)',
  summary:
    "The signed-in person's language and time zone: the portal shows itself in them, and the e-mails and PDF invoices sent to them are written in the language. Either may be left out to keep it; null forgets it (the browser's is used).",
  body: z
    .object({
      locale: z.enum(LOCALES, { error: messages.locale }).nullable().optional(),
      time_zone: timeZoneField.nullable().optional(),
    })
    .strict(),
  response: preferencesSchema,
  successCode: 20135,
});
