/**
 * The i18n provider of the signed-out pages: their strings only, with polyglot's `%{name}`
 * interpolation, so /login loads neither polyglot nor react-admin's own messages. English is part of
 * /login's code; another language's strings are one small file, fetched before the page shows
 * (loadPublicMessages). Signed in, the full provider (./index) takes over with every string.
 */
import type { I18nProvider } from 'ra-core';
import type { Locale } from '@partner-panel/sdk/redeem';
import { publicPp } from './en/public';
import { currentLocale, setLocale } from './locale';
import type { Translation } from './catalogue';
import { loadSentences } from './localise';
import { pseudo, pseudoLocale } from './pseudo';

export type PublicStrings = Translation<typeof publicPp>;

const files = import.meta.glob<{ publicPp: PublicStrings }>(['./*/public.ts', '!./en/public.ts']);
const loaded = new Map<Locale, PublicStrings>([['en', publicPp]]);

/** Fetches `locale`'s signed-out strings (once); English is here already. */
export async function loadPublicMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const load = files[`./${locale}/public.ts`];
  if (!load || pseudoLocale()) return;
  loaded.set(locale, (await load()).publicPp);
}

/** Fetches `locale`'s strings, then shows the signed-out pages in it. */
export async function switchPublicLocale(locale: Locale) {
  await Promise.all([loadPublicMessages(locale), loadSentences(locale)]);
  setLocale(locale);
}

const lookup = (key: string, messages: unknown): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

export const publicI18nProvider: I18nProvider = {
  translate(key, options = {}) {
    const found = lookup(key, { pp: loaded.get(currentLocale()) ?? publicPp });
    const text = typeof found === 'string' ? (pseudoLocale() ? pseudo(found) : found) : typeof options._ === 'string' ? options._ : key;
    return text.replace(/%\{(\w+)\}/g, (whole: string, name: string) => (name in options ? String(options[name]) : whole));
  },
  changeLocale: (locale) => switchPublicLocale(locale as Locale),
  getLocale: () => currentLocale(),
};
