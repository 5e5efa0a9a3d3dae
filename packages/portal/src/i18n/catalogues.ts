/**
 * Each language's catalogue, a file of its own, fetched with the app's code (admin/lazy.ts) — only
 * the language shown is downloaded — and another one when the person picks it. This module is part
 * of what sign-in loads; the provider that reads the catalogues (./index) is the app's.
 */
import type { TranslationMessages } from 'ra-core';
import type { Locale } from '@partner-panel/sdk';
import { setLocale } from './locale';
import { loadPublicMessages } from './public';
import { loadSentences } from './localise';
import { pseudoLocale, pseudoTree } from './pseudo';
const files = import.meta.glob<{ messages: TranslationMessages }>('./*/index.ts');
const loaded = new Map<Locale, TranslationMessages>();
const loading = new Map<Locale, Promise<TranslationMessages>>();

/** Fetches `locale`'s catalogue (once: the same promise answers every caller, as React's `use` wants). */
export function loadMessages(locale: Locale): Promise<TranslationMessages> {
  let promise = loading.get(locale);
  if (!promise) {
    const load = (pseudoLocale() ? undefined : files[`./${locale}/index.ts`]) ?? files['./en/index.ts'];
    promise = Promise.all([(load as () => Promise<{ messages: TranslationMessages }>)(), loadSentences(locale)]).then(
      ([{ messages: found }]) => {
        const messages = pseudoLocale() ? pseudoTree(found) : found;
        loaded.set(locale, messages);
        return messages;
      },
      (error: unknown) => {
        // A failed fetch (a deploy replaced the file, the network dropped) may be tried again.
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

/** The catalogue of `locale` if it is here already. */
export const loadedMessages = (locale: Locale) => loaded.get(locale);

/** Shows `locale` once its strings are here (the screens never show a key). */
export async function chooseLocale(locale: Locale) {
  await Promise.all([loadMessages(locale), loadPublicMessages(locale)]);
  setLocale(locale);
}
