/**
 * The strings of the signed-out pages (sign-in, sign-up, verification, reset). They load with /login,
 * so they are kept apart from the rest (en.ts adds them to every other string).
 */
import { errors, fallbackMessage } from '@partner-panel/sdk';

export const publicPp = {
  app: { title: 'Reseller Dashboard', name: 'Partner Panel', loading: 'Loading…' },
  login: {
    title: 'Sign in',
    subtitle: 'to your reseller dashboard',
    email: 'Email address',
    password: 'Password',
    continue: 'Continue',
    submit: 'Sign in',
    change_email: 'Signing in as %{email} — click to change',
    forgot: 'Forgot password?',
    register: "Don't have an account? Sign up",
    show_password: 'Show password',
    hide_password: 'Hide password',
  },
  register: {
    password_hint: 'At least 12 characters, with a number, a lower-case and an upper-case letter, and one of !@#$%&^_+{}.,',
    title: 'Create your account',
    subtitle: 'Start selling VPN subscriptions in minutes',
    email: 'Email address',
    name: 'Full Name',
    password: 'Password',
    confirm: 'Confirm Password',
    submit: 'Sign up',
    have_account: 'Already have an account? Sign in',
    done_title: 'Check your inbox',
    done_body: 'We sent a verification link to %{email}. Open it to activate your account.',
  },
  verify: {
    title: 'Email verification',
    verifying: 'Verifying your email address…',
    sign_in: 'Go to sign in',
    resend_title: 'Need a new link?',
    resend_help: 'Enter your email address and we will send you a new verification link.',
    resend: 'Send a new link',
  },
  forgot: {
    title: 'Forgot your password?',
    help: 'Enter your email address and we will send you a link to reset your password.',
    submit: 'Send reset link',
    back: 'Back to sign in',
  },
  reset: {
    title: 'Set a new password',
    checking: 'Checking your link…',
    for_account: 'For %{email}',
    password: 'New Password',
    confirm: 'Confirm Password',
    submit: 'Update password',
    request_new: 'Request a new link',
  },
  legacy: { title: 'Browser not supported', body: 'Please update your browser' },
  errors: {
    csrf: errors.csrfMissing.message,
    form_init: errors.formInit.message,
    login: errors.loginFailed.message,
    fetch_details: fallbackMessage(errors.fetchDetails),
    update: errors.updateFailed.message,
    network: errors.network.message,
    support_reference: 'Reference for support: %{id}',
  },
};
