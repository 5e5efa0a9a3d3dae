/**
 * The refusals the redeem page words itself are told apart by the catalogue's entries: in German,
 * each says the page's own sentence, never the server's English one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errors, formatMessage } from '@partner-panel/sdk';
import { messageOf } from '../src/answers';
import { en, type Strings } from '../src/i18n/en';

const de = { ...en, ...(JSON.parse(readFileSync(new URL('../src/i18n/de.json', import.meta.url), 'utf8')) as Partial<Strings>) };
const answer = (entry: (typeof errors)[keyof typeof errors]) => ({ code: entry.code, message: formatMessage(entry.message, { wait: '15 minutes' }) });

describe('the redeem page’s words for a refusal', () => {
  it('says its own sentence for a coupon that does not redeem, the bot check and the throttle', () => {
    expect(messageOf(de, answer(errors.redeemFailed))).toBe(de.badCoupon);
    expect(messageOf(de, answer(errors.captchaFailed))).toBe(de.captcha);
    expect(messageOf(de, answer(errors.tooManyAttempts), 900)).toBe(de.wait.replace('{minutes}', '15'));
    // Under a minute still reads as one minute; no wait given reads as one.
    expect(messageOf(de, answer(errors.tooManyAttempts), 5)).toBe(de.wait.replace('{minutes}', '1'));
    for (const said of [de.badCoupon, de.captcha, de.wait]) expect(Object.values(en)).not.toContain(said);
  });

  it("keeps the server's message for any other refusal", () => {
    expect(messageOf(de, answer(errors.internal))).toBe(errors.internal.message);
    expect(messageOf(de, answer(errors.redeemAddonRequired))).toBe(errors.redeemAddonRequired.message);
  });
});
