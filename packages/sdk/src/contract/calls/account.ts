/** Access and sign-up, sessions and passwords (000 §2, §3, §7). */
import { z } from 'zod';
import { defineCall } from '../define.js';
import { signedInUser } from './team.js';
import { empty, isoDate, nothing } from '../common.js';
import {
  captchaTokenField,
  emailField,
  fullNameField,
  hashField,
  passwordRequiredField,
  registerEmailField,
  strongPasswordField,
  withConfirmation,
} from '../rules.js';

export const csrf = defineCall({
  method: 'GET',
  path: '/api/csrf',
  access: 'public',
  spec: '000 §7',
  summary: 'Sets the XSRF-TOKEN cookie; the token is also returned for clients without cookies.',
  response: z.object({ csrf_token: z.string() }),
  successCode: 10000,
});

export const login = defineCall({
  method: 'POST',
  path: '/api/login',
  access: 'public',
  spec: '000 §7',
  summary: 'Signs in; answers the user fields and a bearer access_token.',
  captcha: 'login',
  body: z.object({ email: emailField, password: passwordRequiredField, token: captchaTokenField }),
  response: signedInUser.extend({ access_token: z.string(), expires_at: isoDate }),
  successCode: 10001,
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/logout',
  access: 'reseller',
  permission: 'self',
  spec: '000 §8 (rspf-logout-1012); path ours',
  summary: 'Revokes the access token of the call.',
  body: empty.optional(),
  response: nothing,
  successCode: 10002,
});

export const register = defineCall({
  method: 'POST',
  path: '/api/register',
  access: 'public',
  spec: '000 §7',
  summary: 'Creates a reseller and mails the verification link.',
  captcha: 'register',
  body: z
    .object({
      email: registerEmailField,
      name: fullNameField,
      password: strongPasswordField,
      password_confirmation: z.string(),
      token: captchaTokenField,
    })
    .superRefine(withConfirmation()),
  response: z.object({ email: z.string() }),
  successCode: 20001,
});

export const verifyEmail = defineCall({
  method: 'POST',
  path: '/api/register/verify',
  access: 'public',
  spec: '000 §7 (body ours)',
  summary: 'Verifies the e-mail address with the hash from the verification mail.',
  captcha: 'verification',
  body: z.object({ hash: hashField, token: captchaTokenField }),
  response: z.object({ email: z.string(), verified: z.literal(true) }),
  successCode: 20011,
});

export const resendVerification = defineCall({
  method: 'POST',
  path: '/api/register/resend',
  access: 'public',
  spec: 'ours (000 leaves resending the verification mail to us)',
  summary: 'Mails a new verification link if the address belongs to an unverified reseller.',
  captcha: 'verification',
  body: z.object({ email: emailField, token: captchaTokenField }),
  response: nothing,
  successCode: 20012,
});

export const forgotPassword = defineCall({
  method: 'POST',
  path: '/api/password/forgot',
  access: 'public',
  spec: '000 §7 (body ours)',
  summary: 'Mails a reset link when the address is registered; answers the same either way.',
  captcha: 'forgot',
  body: z.object({ email: emailField, token: captchaTokenField }),
  response: nothing,
  successCode: 20031,
});

export const verifyResetHash = defineCall({
  method: 'POST',
  path: '/api/password/verify',
  access: 'public',
  spec: '000 §7',
  summary: 'Checks a reset hash; answers client_id and opens a short reset session (cookie).',
  captcha: 'password',
  body: z.object({ hash: hashField, token: captchaTokenField }),
  response: z.object({ client_id: z.string(), email: z.string() }),
  successCode: 20041,
});

export const updatePassword = defineCall({
  method: 'POST',
  path: '/api/password/update',
  access: 'public',
  spec: '000 §7 (body ours)',
  summary: 'Sets a new password within the reset session opened by /api/password/verify.',
  captcha: 'update_password',
  body: z
    .object({
      client_id: z.string().min(1),
      password: strongPasswordField,
      password_confirmation: z.string(),
      token: captchaTokenField,
    })
    .superRefine(withConfirmation()),
  response: nothing,
  successCode: 20051,
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/api/password/change',
  access: 'reseller',
  permission: 'self',
  spec: '000 §7 (body ours)',
  summary: 'Changes the password of the signed-in reseller; every session is signed out.',
  captcha: 'password',
  body: z
    .object({
      email: emailField,
      client_id: z.string().min(1),
      old_password: passwordRequiredField,
      password: strongPasswordField,
      password_confirmation: z.string(),
      token: captchaTokenField,
    })
    .superRefine(withConfirmation()),
  response: nothing,
  successCode: 20061,
});
