/**
 * Each language's catalogue, in two files: what the signed-in first screen reads (`<locale>/index.ts`),
 * fetched with the app's code (admin/lazy.ts), and the rest (`<locale>/rest.ts`), fetched once the
 * first screen has read its data (layout/Background) or as soon as a screen that needs it opens
 * (sections.tsx). Only the shown language is downloaded; another one when the person picks it. This
 * module is part of what sign-in loads; the provider that reads the catalogues (./index) is the app's.
 */
import type { TranslationMessages } from 'ra-core';
import type { Locale } from '@partner-panel/sdk';
import { merge } from './assemble';
import { setLocale } from './locale';
import { loadPublicMessages } from './public';
import { loadSentences } from './localise';
import { pseudoLocale, pseudoTree } from './pseudo';

type Loaded = { messages: TranslationMessages };
const cores = import.meta.glob<Loaded>('./*/index.ts');
const rests = import.meta.glob<Loaded>('./*/rest.ts');
const loaded = new Map<Locale, TranslationMessages>();
const coreLoading = new Map<Locale, Promise<TranslationMessages>>();
const restLoading = new Map<Locale, Promise<TranslationMessages>>();
const listeners = new Set<(locale: Locale) => void>();

/** Fetches a file of `locale` (English's for the pseudo-locale, which is made from it). */
function fetchPart(files: Record<string, () => Promise<Loaded>>, file: string, locale: Locale) {
  const load = (pseudoLocale() ? undefined : files[`./${locale}/${file}`]) ?? (files[`./en/${file}`] as () => Promise<Loaded>);
  return load().then(({ messages }) => (pseudoLocale() ? pseudoTree(messages) : messages));
}

/** Once per locale and part: the same promise answers every caller (as React's `use` wants); a failed fetch may be tried again. */
function once(cache: Map<Locale, Promise<TranslationMessages>>, locale: Locale, run: () => Promise<TranslationMessages>) {
  let promise = cache.get(locale);
  if (!promise) {
    promise = run().catch((error: unknown) => {
      cache.delete(locale);
      throw error;
    });
    cache.set(locale, promise);
  }
  return promise;
}

/** Fetches what the first screen of `locale` reads. */
export function loadMessages(locale: Locale): Promise<TranslationMessages> {
  return once(coreLoading, locale, () =>
    fetchPart(cores, 'index.ts', locale).then((core) => {
      const merged = loaded.get(locale) ? (merge(core as never, loaded.get(locale) as never) as unknown as TranslationMessages) : core;
      loaded.set(locale, merged);
      return merged;
    }),
  );
}

/** Fetches the whole of `locale`'s catalogue (the first screen's part too), and tells the provider. */
export function loadAllMessages(locale: Locale): Promise<TranslationMessages> {
  return once(restLoading, locale, () =>
    Promise.all([loadMessages(locale), fetchPart(rests, 'rest.ts', locale)]).then(([core, rest]) => {
      const all = merge(core as never, rest as never) as unknown as TranslationMessages;
      loaded.set(locale, all);
      for (const listener of listeners) listener(locale);
      return all;
    }),
  );
}

/** The catalogue of `locale` as far as it is here. */
export const loadedMessages = (locale: Locale) => loaded.get(locale);

/** The provider re-reads a language's catalogue once its rest has come. */
export function onCatalogueComplete(listener: (locale: Locale) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `locale` once all its strings are here (the screens never show a key). */
export async function chooseLocale(locale: Locale) {
  await Promise.all([loadAllMessages(locale), loadPublicMessages(locale), loadSentences(locale)]);
  setLocale(locale);
}
