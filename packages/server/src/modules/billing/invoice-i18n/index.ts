/** The PDF invoice's words in every language we speak. */
import type { Locale } from '@partner-panel/sdk';
import { ar } from './ar.js';
import { de } from './de.js';
import { en, type InvoiceCatalogue, type InvoiceKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ptBR } from './pt-BR.js';
import { ru } from './ru.js';

export type { InvoiceCatalogue, InvoiceKey };

/** A language added to LOCALES and not here fails `pnpm typecheck`. */
export const invoiceCatalogues: Record<Locale, InvoiceCatalogue> = { en, es, fr, de, 'pt-BR': ptBR, ru, ar };

export function invoiceWords(locale: Locale) {
  const words = invoiceCatalogues[locale];
  return (key: InvoiceKey, values: Record<string, string | number> = {}) =>
    words[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
