/**
 * What the sign-in page needs once a person has typed something: the contract's field rules (with
 * the catalogue's sentences, as the signed-in forms word them), the SDK client, captcha and the
 * second factor. /login renders without it and loads it while the person types (LoginPage).
 */
import { z } from 'zod';
import { emailField, errors, formIssueSentence, passwordRequiredField, secondFactorCode } from '@partner-panel/sdk';
import { apiErrorOf, attempt, hasCode } from '@partner-panel/data-provider';
import { messageOf } from '../components/serverErrors';
import { authProvider, client } from '../providers';
import { captchaToken, publicSettings } from './captcha';
import { t } from './frame';
import { loadSentences, localise } from '../i18n/localise';
import { currentLocale } from '../i18n/locale';

const fields = { email: emailField, password: passwordRequiredField, code: secondFactorCode };

/** The contract's sentence for a field's value, or undefined when the value is accepted. */
export function check(name: keyof typeof fields, value: string): string | undefined {
  const result = z.object({ [name]: fields[name] }).safeParse({ [name]: value }, { error: formIssueSentence });
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message === undefined ? undefined : localise(message);
}

export interface ThirdStep {
  challenge: string;
  /** `errors.twoFactorSetupRequired`: the admin requires a second factor the account has not set up yet. */
  setup: boolean;
  methods: string[];
  message: string;
}

/** What a sign-in attempt came to: signed in, a third step (a second factor), or the message to show. */
export type Outcome = { signedIn: true } | { third: ThirdStep } | { message: string; expired?: boolean };

/** The third step the password step asked for, if it did: `errors.twoFactorRequired` (a code) or `twoFactorSetupRequired` (set one up). */
/**
 * A refusal's words in the shown language. The contract's sentences in it are fetched at the first
 * refusal, not with the page: a sign-in that goes through never needs them.
 */
async function wordsOf(error: unknown, fallback: string) {
  await loadSentences(currentLocale()).catch(() => undefined);
  return localise(messageOf(error, fallback));
}

async function thirdStep(error: unknown): Promise<ThirdStep | null> {
  const setup = hasCode(error, errors.twoFactorSetupRequired);
  if (!setup && !hasCode(error, errors.twoFactorRequired)) return null;
  const body = apiErrorOf(error)?.body as { challenge?: string; methods?: string[] } | null | undefined;
  const challenge = body?.challenge;
  const methods = body?.methods ?? [];
  if (!challenge) return null;
  const sentence = await wordsOf(error, '');
  return { challenge, setup, methods, message: setup ? sentence : askFor(methods, sentence) };
}

/**
 * What the third step asks for, by the second factors the account has: the server's sentence
 * names the authenticator app's code, which a passkey-only account has none of.
 */
function askFor(methods: string[], codeSentence: string): string {
  const passkey = methods.includes('passkey');
  if (!methods.includes('totp')) return passkey ? t('pp.login.passkey_step') : codeSentence;
  return passkey ? t('pp.login.code_or_passkey_step') : codeSentence;
}

/**
 * Asked for while the password is typed: the settings (captcha) and the CSRF cookie, which sign-in
 * would otherwise fetch one after the other after Enter. A failure here is met again by sign-in.
 */
export function prepare() {
  void publicSettings().catch(() => undefined);
  void client.csrf().catch(() => undefined);
}

const failed = async (error: unknown) => ({ message: await wordsOf(error, t('pp.errors.login')) });

export async function withPassword(email: string, password: string): Promise<Outcome> {
  try {
    const token = await captchaToken('login');
    await authProvider.login({ email, password, token });
    return { signedIn: true };
  } catch (error) {
    const third = await thirdStep(error);
    return third ? { third } : await failed(error);
  }
}

export async function withCode(challenge: string, code: string): Promise<Outcome> {
  try {
    await authProvider.login({ challenge, code });
    return { signedIn: true };
  } catch (error) {
    return { ...(await failed(error)), expired: hasCode(error, errors.twoFactorChallengeExpired) };
  }
}

export async function withPasskey(challenge: string): Promise<Outcome> {
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const optionsJSON = await attempt(() => client.loginPasskeyOptions({ challenge }));
    const answer = await startAuthentication({ optionsJSON: optionsJSON as never });
    await authProvider.login({ challenge, passkey: answer as unknown as Record<string, unknown> });
    return { signedIn: true };
  } catch (error) {
    return failed(error);
  }
}
