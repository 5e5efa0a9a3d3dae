/**
 * A person's language and time zone (issue 36): theirs in every account they belong to, so they
 * live on `people`, not on the account. The language picks their e-mails' and PDF invoices'; the
 * zone is the portal's to show times in.
 */
import { eq } from 'drizzle-orm';
import type { Locale } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { people } from '../../db/schema/index.js';

export interface Preferences {
  locale: Locale | null;
  time_zone: string | null;
}

/** A field left out keeps its value; null forgets it. */
export async function updatePreferences(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  session: SessionReseller,
  input: { locale?: Locale | null | undefined; time_zone?: string | null | undefined },
): Promise<Preferences> {
  const change: Partial<typeof people.$inferInsert> = {};
  if (input.locale !== undefined) change.locale = input.locale;
  if (input.time_zone !== undefined) change.timeZone = input.time_zone;
  const [row] =
    Object.keys(change).length === 0
      ? await ctx.db.select({ locale: people.locale, timeZone: people.timeZone }).from(people).where(eq(people.id, session.personId))
      : await ctx.db
          .update(people)
          .set({ ...change, updatedAt: ctx.clock.now() })
          .where(eq(people.id, session.personId))
          .returning({ locale: people.locale, timeZone: people.timeZone });
  return { locale: (row?.locale ?? null) as Locale | null, time_zone: row?.timeZone ?? null };
}
