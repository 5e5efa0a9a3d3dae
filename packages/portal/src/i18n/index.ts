import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** English only today; the provider takes more locales without touching the screens. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
});
