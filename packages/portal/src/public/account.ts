/**
 * What the signed-out pages (register, verification, forgot and reset password) need once they
 * show: the contract's schemas, checked with `zodResolver` and the contract's `formIssueSentence`
 * as the signed-in forms check theirs, the client and captcha. The pages render without it and load
 * it while the person reads or types (./publicForm); a submission awaits it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { contract, emailField, errors, formIssueSentence, fullNameField, hashField, strongPasswordField, withConfirmation, type CaptchaAction } from '@partner-panel/sdk';
import { messageOf, serverFieldErrors, type FieldErrors } from '../components/serverErrors';
import { authProvider, dataProvider } from '../providers';
import { captchaToken } from './captcha';
import { t } from './frame';
import { loadSentences, localise } from '../i18n/localise';
import { currentLocale } from '../i18n/locale';

// The contract's sentences in the shown language (a refusal's words) come with this code, after the page shows.
void loadSentences(currentLocale()).catch(() => undefined);

export type { FieldErrors };

/** A form's errors in the contract's words, or its values as the schema outputs them. */
export type Checked<O> = { values: O; errors?: undefined } | { errors: FieldErrors; values?: undefined };

/** The checker of a form of `schema`: the first issue of each field, as react-hook-form shows it. */
export function checkWith<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  const resolve = zodResolver(schema, { error: formIssueSentence });
  return async (values: z.input<S>): Promise<Checked<z.output<S>>> => {
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const found = Object.entries(result.errors).flatMap(([name, error]) => (typeof error?.message === 'string' ? [[name, localise(error.message)] as const] : []));
    return found.length ? { errors: Object.fromEntries(found) } : { values: result.values as z.output<S> };
  };
}

const checks = {
  register: checkWith(contract.register.body),
  /** One e-mail address: forgot password, a new verification link. */
  email: checkWith(z.object({ email: emailField })),
  updatePassword: checkWith(contract.updatePassword.body),
  /** A new person joining by invitation: registration's name and password rules, all required here. */
  joinTeam: checkWith(z.object({ token: hashField, name: fullNameField, password: strongPasswordField, password_confirmation: z.string() }).superRefine(withConfirmation())),
};
type Checks = typeof checks;

export const check = <N extends keyof Checks>(form: N, values: Parameters<Checks[N]>[0]) => (checks[form] as (values: Parameters<Checks[N]>[0]) => ReturnType<Checks[N]>)(values);

/** A public call's answer, or what the page shows when it is refused: the message, and the fields' own. */
export type Answer<T> = { ok: true; answer: T } | { ok: false; message: string; fields: FieldErrors };

/** Sends a public call with a fresh captcha token for `action`. */
async function send<T>(action: CaptchaAction, call: (token: string) => Promise<T>, fallback: string): Promise<Answer<T>> {
  try {
    return { ok: true, answer: await call(await captchaToken(action)) };
  } catch (error) {
    return { ok: false, message: messageOf(error, fallback), fields: serverFieldErrors(error) };
  }
}

/** The fallback of a refusal without a message of its own. */
const somethingFailed = () => t('pp.errors.update');

type RegisterValues = Omit<z.output<typeof contract.register.body>, 'token'>;
export const register = (values: RegisterValues) => send('register', (token) => dataProvider.register({ ...values, token }), errors.csrfMissing.message);

export const verifyEmail = (hash: string) => send('verification', (token) => dataProvider.verifyEmail({ hash, token }), somethingFailed());

export const resendVerification = (email: string) => send('verification', (token) => dataProvider.resendVerification({ email, token }), somethingFailed());

export const forgotPassword = (email: string) => send('forgot', (token) => dataProvider.forgotPassword({ email, token }), somethingFailed());

export const verifyResetHash = (hash: string) => send('password', (token) => dataProvider.verifyResetHash({ hash, token }), somethingFailed());

type NewPassword = Omit<z.output<typeof contract.updatePassword.body>, 'token'>;
export const updatePassword = (values: NewPassword) => send('update_password', (token) => dataProvider.updatePassword({ ...values, token }), somethingFailed());

/** The invitation page: what the link offers, then its acceptance (as a new person, or as the person signed in here). */
const attemptCall = async <T>(call: () => Promise<T>): Promise<Answer<T>> => {
  try {
    return { ok: true, answer: await call() };
  } catch (error) {
    return { ok: false, message: messageOf(error, somethingFailed()), fields: serverFieldErrors(error) };
  }
};
export const readInvitation = (token: string) => attemptCall(() => dataProvider.readInvitation(token));
export const acceptInvitation = (input: z.input<typeof contract.acceptInvitation.body>) => attemptCall(() => dataProvider.acceptInvitation(input));
/** Signs out here (the page then offers to sign in as the invited address). */
export const signOut = () => authProvider.logout({});
