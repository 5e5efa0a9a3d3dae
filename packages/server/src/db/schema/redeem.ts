import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { resellers } from './resellers.js';

/**
 * A reseller's embedded redeem page: the origins allowed to frame it (CSP frame-ancestors; empty:
 * any origin) and the theme its snippets carry.
 */
export const redeemEmbeds = pgTable(
  'redeem_embeds',
  {
    resellerId: integer('reseller_id')
      .primaryKey()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    accent: text('accent'),
    theme: text('theme').notNull().default('light'),
    /** The snippets' language: `auto` (none named: the visitor's browser language) or one of LOCALES. */
    language: text('language').notNull().default('auto'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('redeem_embeds_theme_check', sql`${t.theme} in ('light', 'dark', 'auto')`),
    check('redeem_embeds_language_check', sql`${t.language} in ('auto', 'en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar')`),
  ],
);
