/**
 * The languages of what the server writes for people to read (issue 36): the e-mails and the PDF
 * invoice, and the redeem API's sentences. The API's own envelope speaks English whatever the
 * request asks (docs/api.md, "Languages"). Numbers, money and dates go through Intl in the reader's
 * language; money stays in dollars, the currency we bill in (1.234,50 $ in German).
 */
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, acceptLanguageTags, matchLocale, type Locale } from '@partner-panel/sdk';

/** A stored language (people.locale) as one of ours; none (null) reads as `fallback`, English unless said. */
export const localeOr = (value: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale =>
  value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : fallback;

/** The first of a request's Accept-Language tags that we speak, or null. */
export const requestLocale = (header: string | string[] | undefined): Locale | null =>
  matchLocale(acceptLanguageTags(Array.isArray(header) ? header.join(',') : header));

export const isRightToLeft = (locale: Locale) => RTL_LOCALES.includes(locale);

// Intl's formatters are made once per language and kind: a constructor costs more than a format.
const kept = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = kept.get(key) as T | undefined;
  if (!found) kept.set(key, (found = make()));
  return found;
}

/** An amount of cents in dollars, as the language writes money. */
export const formatMoney = (locale: Locale, cents: number) =>
  formatter(`money:${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })).format(cents / 100);

/** A count (5,000 users; 5.000 in German). */
export const formatCount = (locale: Locale, n: number) => formatter(`count:${locale}`, () => new Intl.NumberFormat(locale)).format(n);

/** A day, written out (December 7, 2026; 7. Dezember 2026), in UTC as every date we store is dated. */
export const formatDay = (locale: Locale, at: Date) =>
  formatter(`day:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })).format(at);

/** A day and a time of day in UTC (the sentence around it says UTC). */
/** A moment in `timeZone` (the reader's, else UTC), naming its zone: "8 December 2026 at 10:30 CET". */
export const formatMoment = (locale: Locale, at: Date, timeZone = 'UTC') =>
  formatter(`moment:${locale}:${timeZone}`, () =>
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }),
  ).format(at);

/** A duration with its unit, plural as the language makes it (48 hours, 48 часов, 48 ساعة). */
export const formatDuration = (locale: Locale, n: number, unit: 'minute' | 'hour' | 'day') =>
  formatter(`duration-${unit}:${locale}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' })).format(n);
