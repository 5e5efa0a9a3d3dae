/**
 * The redeem API's sentences in the visitor's language (issue 36). The redeem page already says
 * each of them in its own languages, in packages/redeem-widget/src/i18n/<locale>.json; the server
 * reads those same files once at start, so a sentence is translated in one place only. English
 * stays the server's own (the catalogue's, messages.ts), and a language whose file is missing or
 * lacks a sentence answers that sentence in English.
 *
 * Only the redeem calls speak the visitor's language: the page's visitor is an end customer, who
 * reads the answer's `message`. Every other call answers in English (docs/api.md, "Languages").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, onSendHookHandler } from 'fastify';
import { EMAIL_INVALID_MESSAGE, LOCALES, PASSWORD_RULE_MESSAGE, contract, errors, redeemMessages, type Locale } from '@partner-panel/sdk';
import { requestLocale } from '../../locales.js';

export const defaultWordsDir = fileURLToPath(new URL('../../../../redeem-widget/src/i18n', import.meta.url));

/** The page's keys (redeem-widget/src/i18n/en.ts) that the API's answers say too. */
const KEYS = [
  'doneTitle',
  'done',
  'badCoupon',
  'locationHelp',
  'captcha',
  'wait',
  'nameRequired',
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordRule',
  'mismatch',
  'couponRequired',
  'termsRequired',
  'locationRequired',
] as const;
type Key = (typeof KEYS)[number];
export type RedeemWords = Partial<Record<Locale, Partial<Record<Key, string>>>>;

/** Each language's file but English's (the server's own words); a missing or unreadable one is left out. */
export function loadRedeemWords(dir: string, log?: FastifyBaseLogger): RedeemWords {
  const words: RedeemWords = {};
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    const file = join(dir, `${locale}.json`);
    if (!existsSync(file)) {
      log?.info({ file }, 'the redeem page has no words in this language yet: the redeem API answers it in English');
      continue;
    }
    try {
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      words[locale] = Object.fromEntries(KEYS.flatMap((key) => (typeof json[key] === 'string' && json[key] !== '' ? [[key, json[key]]] : [])));
    } catch (error) {
      log?.warn({ err: error, file }, 'the redeem page words could not be read: the redeem API answers this language in English');
    }
  }
  return words;
}

/** A field's sentence of 002 §5, by its English words, and the page's key for it. */
const FIELD_SENTENCES: Record<string, Key> = {
  [redeemMessages.name]: 'nameRequired',
  [redeemMessages.email]: 'emailRequired',
  [EMAIL_INVALID_MESSAGE]: 'emailInvalid',
  [redeemMessages.password]: 'passwordRequired',
  [PASSWORD_RULE_MESSAGE]: 'passwordRule',
  [redeemMessages.passwordsDontMatch]: 'mismatch',
  [redeemMessages.coupon]: 'couponRequired',
  [redeemMessages.terms]: 'termsRequired',
  [redeemMessages.dedicatedIp]: 'locationRequired',
};

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

interface Envelope {
  header?: { code?: unknown; message?: unknown };
  body?: unknown;
}

/** Translates the answer's sentences in place where `said` has them; answers whether any changed. */
export function translateAnswer(envelope: Envelope, said: Partial<Record<Key, string>>): boolean {
  const header = envelope.header;
  if (!header || typeof header.message !== 'string') return false;
  const body = (envelope.body ?? {}) as { email?: unknown; retry_after?: unknown; errors?: Record<string, unknown> };
  let changed = false;
  const say = (sentence: string | undefined, english: string) => {
    if (sentence === undefined || sentence === english) return english;
    changed = true;
    return sentence;
  };
  const field = (english: string) => {
    const key = FIELD_SENTENCES[english];
    return say(key && said[key], english);
  };
  switch (header.code) {
    // "Your VPN account is ready. We sent the login details to {email}.": the page's title and line.
    case contract.redeem.successCode:
    case contract.redeemPartner.successCode:
      if (said.doneTitle && said.done && typeof body.email === 'string') header.message = say(`${said.doneTitle}. ${fill(said.done, { email: body.email })}`, header.message);
      break;
    case errors.redeemFailed.code:
      header.message = say(said.badCoupon, header.message);
      break;
    case errors.redeemAddonRequired.code:
      header.message = say(said.locationHelp, header.message);
      break;
    case errors.captchaFailed.code:
      header.message = say(said.captcha, header.message);
      break;
    case errors.tooManyAttempts.code:
      if (said.wait && typeof body.retry_after === 'number') header.message = say(fill(said.wait, { minutes: Math.max(1, Math.ceil(body.retry_after / 60)) }), header.message);
      break;
    case errors.validation.code:
      header.message = field(header.message);
      for (const [name, list] of Object.entries(body.errors ?? {})) {
        if (Array.isArray(list) && body.errors) body.errors[name] = list.map((s: unknown) => (typeof s === 'string' ? field(s) : s));
      }
      break;
  }
  return changed;
}

/**
 * The redeem calls' answers, success or refusal, in the request's Accept-Language when it is one
 * of ours and the page has its words; the answer varies with the header, and says its language.
 */
export function answerInVisitorsLanguage(words: RedeemWords): onSendHookHandler {
  return async (request, reply, payload) => {
    reply.header('vary', [reply.getHeader('vary'), 'Accept-Language'].filter(Boolean).join(', '));
    const locale = requestLocale(request.headers['accept-language']);
    const said = locale && locale !== 'en' ? words[locale] : undefined;
    if (!said || typeof payload !== 'string') return payload;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return payload;
    }
    if (!translateAnswer(envelope, said)) return payload;
    reply.header('content-language', locale);
    return JSON.stringify(envelope);
  };
}
