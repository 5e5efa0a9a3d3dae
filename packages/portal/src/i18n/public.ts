/**
 * The i18n provider of the signed-out pages: their strings only, with polyglot's `%{name}`
 * interpolation, so /login loads neither polyglot nor react-admin's own messages. Signed in, the
 * full provider (./index) takes over with every string.
 */
import type { I18nProvider } from 'ra-core';
import { publicPp } from './en.public';

const messages = { pp: publicPp };

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

export const publicI18nProvider: I18nProvider = {
  translate(key, options = {}) {
    const found = lookup(key);
    const text = typeof found === 'string' ? found : typeof options._ === 'string' ? options._ : key;
    return text.replace(/%\{(\w+)\}/g, (whole: string, name: string) => (name in options ? String(options[name]) : whole));
  },
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};
