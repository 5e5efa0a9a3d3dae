/**
 * The one way the portal writes money, numbers and dates: in the locale of the i18n provider, money
 * in US dollars (002 §9). Screens call `useFormat()`; code outside React calls `formatters(locale)`.
 */
import { useMemo } from 'react';
import { useI18nProvider } from 'ra-core';

export function formatters(locale: string) {
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const number = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
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
  return useMemo(() => formatters(locale), [locale]);
}
