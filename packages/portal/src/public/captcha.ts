/**
 * The captcha token of a public call (000 §7): the SDK's browser helper (the redeem page uses the
 * same one), with the settings the server gives (GET /api/settings), fetched once per page load.
 */
import { captchaToken as tokenFor, errors, type CaptchaAction } from '@partner-panel/sdk';
import { dataProvider } from '../providers';

type Settings = Awaited<ReturnType<typeof dataProvider.publicSettings>>;

let settings: Promise<Settings> | undefined;
/** Public settings, fetched once per page load (again after a failure). */
export const publicSettings = () =>
  (settings ??= dataProvider.publicSettings().catch((error: unknown) => {
    settings = undefined;
    throw error;
  }));

/** Answers a fresh token for the action ('' when captcha is off). */
export async function captchaToken(action: CaptchaAction): Promise<string> {
  // Without the settings no form can be sent as the server expects it (000 §8).
  const { captcha } = await publicSettings().catch(() => {
    throw new Error(errors.formInit.message);
  });
  return tokenFor(captcha, action);
}
