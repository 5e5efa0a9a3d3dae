/**
 * The signed-in app's i18n provider. Each language's catalogue is a file of its own, fetched with
 * the app's code (admin/lazy.ts) — only the language shown is downloaded — and another one when the
 * person picks it from the language menu.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LOCALES, LOCALE_NAMES, type Locale } from '@partner-panel/sdk';
import { currentLocale, setLocale } from './locale';
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

let provider: I18nProvider | undefined;

/**
 * The provider, made once the shown language's catalogue is here (react-admin wants the first
 * language's messages at once). A change of language fetches the other catalogue, then shows it;
 * the signed-out pages follow it too.
 */
export function i18nProvider(): I18nProvider {
  if (provider) return provider;
  const first = currentLocale();
  const polyglot = polyglotI18nProvider(
    (locale) => loaded.get(locale as Locale) ?? (loaded.get(first) as TranslationMessages),
    first,
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
    { allowMissing: false },
  );
  provider = {
    ...polyglot,
    async changeLocale(locale, options) {
      await Promise.all([loadMessages(locale as Locale), loadPublicMessages(locale as Locale)]);
      setLocale(locale as Locale);
      return polyglot.changeLocale(locale, options);
    },
  };
  return provider;
}

/** Shows `locale` once its strings are here (the screens never show a key). */
export async function chooseLocale(locale: Locale) {
  await Promise.all([loadMessages(locale), loadPublicMessages(locale)]);
  setLocale(locale);
}
