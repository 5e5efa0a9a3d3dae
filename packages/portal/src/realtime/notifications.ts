/** What the portal needs to show a notification: its parsed data, its words, its link, its age. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { CYCLES, notificationDataSchema, type Cycle, type Locale, type NotificationData } from '@partner-panel/sdk';
import { currentLocale } from '../i18n/locale';
import { loadSentences, localise, sentencesLoaded } from '../i18n/localise';
import { useFormat, type Format } from '../components/format';

export interface NotificationRow {
  uid: string;
  read_at: string | null;
  data: string;
  created_at: string;
}

export function parseData(row: NotificationRow): NotificationData {
  try {
    return notificationDataSchema.parse(JSON.parse(row.data));
  } catch {
    return { message: row.data, type: 'unknown', created_at: row.created_at, redirect: null, Id: null };
  }
}

/** A notification's redirect is a path under the reseller's own prefix. */
export function redirectPath(base: string, redirect: string | null): string | null {
  if (!redirect) return null;
  return `${base}/${redirect.replace(/^\/+/, '')}`;
}

/** In the shown language ("2 hours ago", "hace 2 horas"), made once per language. */
const relatives = new Map<string, Intl.RelativeTimeFormat>();
const relativeIn = (locale: string) => {
  let format = relatives.get(locale);
  if (!format) relatives.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
};
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function timeAgo(iso: string, now = Date.now(), locale: string = currentLocale()): string {
  const relative = relativeIn(locale);
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

export const NOTIFICATION_QUERY = ['notifications'] as const;
/** The bell's query: the unread ones and their count. */
export const BELL_QUERY = [...NOTIFICATION_QUERY, 'unread'] as const;

/** An amount as the server writes it in English: `$1,234.50`, `-$3.00`. */
const AMOUNT = /^(-?)\$(\d{1,3}(?:,\d{3})*\.\d{2})$/;
/** A day (`2026-12-08`) and a minute in UTC (`2026-12-08 09:30`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MINUTE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;
const cycleByLabel = new Map(Object.entries(CYCLES).map(([key, { label }]) => [label as string, key as Cycle]));
const utc = new Map<string, { day: Intl.DateTimeFormat; minute: Intl.DateTimeFormat }>();
function utcFormats(locale: string) {
  let formats = utc.get(locale);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
      minute: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }),
    };
    utc.set(locale, formats);
  }
  return formats;
}

/**
 * A value of a notification in the reader's language: an amount in their money format, a day and a
 * UTC minute in their date format (still in UTC: the sentence says so), a billing cycle by its name
 * in the catalogue; anything else (a name, a code, an address, a reason typed by someone) as it came.
 */
export function noticeValue(value: string, format: Format, translate: (key: string) => string): string {
  const amount = AMOUNT.exec(value);
  if (amount) return format.money(Number(`${amount[1]}${(amount[2] as string).replace(/,/g, '')}`));
  if (DAY.test(value)) return utcFormats(format.locale).day.format(new Date(`${value}T00:00:00Z`));
  const minute = MINUTE.exec(value);
  if (minute) return utcFormats(format.locale).minute.format(new Date(`${minute[1]}T${minute[2]}:00Z`));
  const cycle = cycleByLabel.get(value);
  return cycle ? translate(`pp.coupons.cycles.${cycle}`) : value;
}

/**
 * How the bell and the Notifications page word a notification: the server writes it in English (one
 * of the contract's notices); this answers it in the reader's language, once that language's
 * sentences are here (until then, as it came), with its amounts and dates in their format.
 */
export function useNoticeText(): (message: string) => string {
  const translate = useTranslate();
  const format = useFormat();
  const locale = format.locale as Locale;
  const [ready, setReady] = useState<Locale | null>(() => (sentencesLoaded(locale) ? locale : null));
  useEffect(() => {
    if (ready === locale) return;
    let live = true;
    loadSentences(locale)
      .then(() => live && setReady(locale))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale, ready]);
  return useCallback(
    (message: string) => (ready === locale ? localise(message, locale, { groups: ['notices'], value: (value) => noticeValue(value, format, translate) }) : message),
    [ready, locale, format, translate],
  );
}
