/**
 * The signed-in app's i18n provider, over the catalogues fetched by ./catalogues. A change of
 * language fetches the other catalogue, then shows it; the signed-out pages follow it too.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LOCALES, LOCALE_NAMES, type Locale } from '@partner-panel/sdk';
import { currentLocale, setLocale } from './locale';
import { loadPublicMessages } from './public';
import { loadAllMessages, loadedMessages, onCatalogueComplete } from './catalogues';

export { chooseLocale, loadAllMessages, loadMessages } from './catalogues';

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
    (locale) => loadedMessages(locale as Locale) ?? (loadedMessages(first) as TranslationMessages),
    first,
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
    { allowMissing: false },
  );
  // The rest of the shown language's catalogue, once here, is read in: the screens that need it wait for it.
  onCatalogueComplete((locale) => {
    if (locale === polyglot.getLocale()) void polyglot.changeLocale(locale);
  });
  provider = {
    ...polyglot,
    async changeLocale(locale, options) {
      await Promise.all([loadAllMessages(locale as Locale), loadPublicMessages(locale as Locale)]);
      setLocale(locale as Locale);
      return polyglot.changeLocale(locale, options);
    },
  };
  return provider;
}

