/**
 * Every language of the redeem page says everything the English one does, with the same
 * placeholders, and the page picks the language the embed asks for, else the visitor's.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REDEEM_EMBED, redeemMessages } from '@partner-panel/sdk/redeem';
import { en } from '../src/i18n/en';
import { languageOf, lookOf } from '../src/options';

const dir = fileURLToPath(new URL('../src/i18n/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The characters the password rule accepts (the SDK's PASSWORD_SPECIALS, which its light entry leaves out). */
const SPECIALS = '!@#$%&^_+{}.,';

describe('the redeem page’s languages', () => {
  it('has a file for every language an embed may ask for', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(REDEEM_EMBED.languages.filter((l) => l !== 'en').sort());
  });

  it('says the spec’s messages verbatim in English', () => {
    expect([en.nameRequired, en.emailRequired, en.passwordRequired, en.mismatch, en.couponRequired, en.termsRequired, en.locationRequired]).toEqual([
      redeemMessages.name,
      redeemMessages.email,
      redeemMessages.password,
      redeemMessages.passwordsDontMatch,
      redeemMessages.coupon,
      redeemMessages.terms,
      redeemMessages.dedicatedIp,
    ]);
    expect(en.passwordRule.endsWith(` ${SPECIALS}`)).toBe(true);
  });

  it.each(files)('%s has every key, each translated, with the same placeholders', (file) => {
    const strings = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Record<string, string>;
    expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(typeof strings[key], key).toBe('string');
      expect((strings[key] as string).trim(), key).not.toBe('');
      expect(placeholders(strings[key] as string), key).toEqual(placeholders(text));
    }
    // The password rule's characters are the server's: listed whole, in the same order.
    for (const key of ['passwordHint', 'passwordRule']) expect(strings[key], key).toContain(SPECIALS);
  });
});

describe('the language the page speaks', () => {
  const browser = (...tags: string[]) => tags;

  it("is the embed's or the URL's, whatever the browser's", () => {
    expect(languageOf(lookOf({ lang: 'de' }), browser('fr-FR', 'fr'))).toBe('de');
    expect(languageOf(lookOf({ lang: 'en' }), browser('ru-RU'))).toBe('en');
  });

  it("is else the first of the browser's languages we speak, else English", () => {
    expect(languageOf(lookOf({}), browser('ru-RU', 'ru', 'en-US'))).toBe('ru');
    expect(languageOf(lookOf({}), browser('ja-JP', 'ar-EG', 'en'))).toBe('ar');
    expect(languageOf(lookOf({}), browser('pt-PT'))).toBe('pt-BR');
    expect(languageOf(lookOf({}), browser('ja-JP', 'zh'))).toBe('en');
    expect(languageOf(lookOf({}), browser())).toBe('en');
  });

  it('reads pt-BR with its region, in any case; drops a language we do not speak', () => {
    for (const lang of ['pt-BR', 'pt-br', 'PT-BR', 'pt']) expect(lookOf({ lang }).lang, lang).toBe('pt-BR');
    expect(lookOf({ lang: 'ar' }).lang).toBe('ar');
    for (const lang of ['xx', '', 'de fr', 42, null]) expect(lookOf({ lang }).lang, String(lang)).toBeUndefined();
    expect(languageOf(lookOf({ lang: 'xx' }), browser('fr'))).toBe('fr');
  });
});
