/**
 * The one way the portal writes money, numbers and dates: in the shown language's conventions, money
 * in US dollars (002 §9; `1.234,50 $` in German), dates and times in the person's time zone (their
 * profile's, else this browser's). Screens call `useFormat()`; code outside React calls
 * `formatters(locale, timeZone)`.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useI18nProvider } from 'ra-core';
import { currentTimeZone, subscribeLocale } from '../i18n/locale';

export function formatters(locale: string, timeZone?: string) {
  const zone = timeZone ? { timeZone } : {};
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const number = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', ...zone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', ...zone });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...zone });
  const when = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    locale,
    /** Dollars, e.g. $5,000.00. */
    money: (dollars: number) => usd.format(dollars),
    number: (n: number) => number.format(n),
    dateTime: (value: string | Date) => dateTime.format(when(value)),
    date: (value: string | Date) => date.format(when(value)),
    longDate: (value: string | Date) => longDate.format(when(value)),
  };
}

export type Format = ReturnType<typeof formatters>;

export function useFormat(): Format {
  const locale = useI18nProvider().getLocale();
  const timeZone = useSyncExternalStore(subscribeLocale, currentTimeZone);
  return useMemo(() => formatters(locale, timeZone), [locale, timeZone]);
}
