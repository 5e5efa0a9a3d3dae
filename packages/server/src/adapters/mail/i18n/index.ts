/** The e-mails' sentences in every language we speak, and the one function that fills them in. */
import type { Locale } from '@partner-panel/sdk';
import { ar } from './ar.js';
import { de } from './de.js';
import { en, type MailCatalogue, type MailKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ptBR } from './pt-BR.js';
import { ru } from './ru.js';

export type { MailCatalogue, MailKey };

/** A language added to LOCALES and not here fails `pnpm typecheck`. */
export const mailCatalogues: Record<Locale, MailCatalogue> = { en, es, fr, de, 'pt-BR': ptBR, ru, ar };

/** The sentence of `key` in `locale`, its `{name}` placeholders filled in from `values`. */
export function say(locale: Locale, key: MailKey, values: Record<string, string | number> = {}): string {
  return mailCatalogues[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
