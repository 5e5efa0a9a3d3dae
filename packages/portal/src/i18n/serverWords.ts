/**
 * The sentences the server writes into what it keeps — a notification, a transaction's description,
 * a deposit's invoice — shown in the reader's language. The server words them once, in English (the
 * contract's `notices` and `descriptions`), since a team's members may each read another language;
 * the screen recognises which sentence it is (./localise.ts, limited to that group) and writes it
 * with the same values: amounts, days and billing cycles the reader's way, anything a person typed
 * (a name, a reason, a code) as typed.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import { CYCLES, type Cycle, type Locale } from '@partner-panel/sdk';
import { loadSentences, localise, sentencesLoaded } from './localise';
import { useFormat, type Format } from '../components/format';

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
 * A value of such a sentence in the reader's language: an amount in their money format, a day and a
 * UTC minute in their date format (still in UTC: the sentence says so), a billing cycle by its name
 * in the catalogue; anything else (a name, a code, an address, a reason typed by someone) as it came.
 */
export function serverValue(value: string, format: Format, translate: (key: string) => string): string {
  const amount = AMOUNT.exec(value);
  if (amount) return format.money(Number(`${amount[1]}${(amount[2] as string).replace(/,/g, '')}`));
  if (DAY.test(value)) return utcFormats(format.locale).day.format(new Date(`${value}T00:00:00Z`));
  const minute = MINUTE.exec(value);
  if (minute) return utcFormats(format.locale).minute.format(new Date(`${minute[1]}T${minute[2]}:00Z`));
  const cycle = cycleByLabel.get(value);
  return cycle ? translate(`pp.cycles.${cycle}`) : value;
}

/**
 * `group`'s sentences as the screen shows them: in the reader's language once that language's
 * sentences are here (until then, and for a text of no sentence, as it came).
 */
export function useServerWords(group: 'notices' | 'descriptions'): (text: string) => string {
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
    (text: string) => (ready === locale ? localise(text, locale, { groups: [group], value: (value) => serverValue(value, format, translate) }) : text),
    [ready, locale, format, translate, group],
  );
}
