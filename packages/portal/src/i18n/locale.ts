/**
 * The language the portal shows itself in, and the time zone of its dates (issue 36). Until the
 * person's own setting is known (their profile, once signed in), the one chosen on this browser's
 * signed-out pages, else the browser's languages, else English. It is part of /login's code: a few
 * lines and no catalogue.
 */
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, matchLocale, type Locale } from '@partner-panel/sdk/redeem';

const KEY = 'pp.locale';

const stored = (): Locale | null => {
  try {
    const value = localStorage.getItem(KEY);
    return LOCALES.find((l) => l === value) ?? null;
  } catch {
    return null;
  }
};

let current: Locale = stored() ?? matchLocale(typeof navigator === 'undefined' ? [] : navigator.languages) ?? DEFAULT_LOCALE;
let timeZone: string | null = null;
const listeners = new Set<() => void>();

export const currentLocale = () => current;
export const isRtl = (locale: Locale = current) => RTL_LOCALES.includes(locale);

/** The account's time zone, else the browser's. */
export const currentTimeZone = () => timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The document says which language it is in and which way it is written (screen readers, RTL). */
function applyToDocument(locale: Locale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}
applyToDocument(current);

/** Shows `locale` from now on and remembers it on this browser for the signed-out pages. */
export function setLocale(locale: Locale) {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // A browser that keeps nothing still shows the language for this visit.
  }
  if (locale === current) return;
  current = locale;
  applyToDocument(locale);
  for (const listener of listeners) listener();
}

export function setTimeZone(zone: string | null) {
  if (zone === timeZone) return;
  timeZone = zone;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the signed-out pages re-render in a new language. */
export function subscribeLocale(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
