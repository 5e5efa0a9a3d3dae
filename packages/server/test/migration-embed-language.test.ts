/**
 * Migration 0033 (embed_language_auto) on a database of the version before it: a redeem embed saved
 * with 'en' had snippets that named no language (the page spoke the visitor's browser language); it
 * becomes 'auto', which still names none, while a language chosen before stays forced. From then on
 * 'en' forces English, and a language that is not ours cannot be stored.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseAt, openedAsServer } from './support/migrations.js';
import { query } from './support/sql.js';

const ENGLISH = 6161;
const FRENCH = 6162;

const old = await databaseAt('0032_person_locale');
for (const [id, language] of [
  [ENGLISH, 'en'],
  [FRENCH, 'fr'],
] as const) {
  await old.client.query(
    `insert into resellers (id, email, name, custom_url, client_id, verified_at) values ($1, $2, 'Embed Shop', $3, $4, now())`,
    [id, `embed-${id}@example.com`, `embed-${id}`, `EMBD-0001-${id}`],
  );
  await old.client.query(`insert into redeem_embeds (reseller_id, language) values ($1, $2)`, [id, language]);
}

const t = await openedAsServer(old);
const languages = () => query(t, sql`select reseller_id, language from redeem_embeds where reseller_id in (${ENGLISH}, ${FRENCH}) order by reseller_id`);

describe('migration 0033 on embeds saved before it', () => {
  it("reads an embed saved as 'en' as the visitor's language ('auto'), and keeps a language chosen", async () => {
    expect(await languages()).toEqual([
      { reseller_id: ENGLISH, language: 'auto' },
      { reseller_id: FRENCH, language: 'fr' },
    ]);
  });

  it("stores 'auto' when none is given, and refuses a language that is not ours", async () => {
    await t.app.ctx.db.execute(sql`insert into resellers (id, email, name, custom_url, client_id, verified_at) values (6163, 'embed-6163@example.com', 'Embed Shop', 'embed-6163', 'EMBD-0001-6163', now())`);
    await t.app.ctx.db.execute(sql`insert into redeem_embeds (reseller_id) values (6163)`);
    expect(await query(t, sql`select language from redeem_embeds where reseller_id = 6163`)).toEqual([{ language: 'auto' }]);
    await expect(t.app.ctx.db.execute(sql`update redeem_embeds set language = 'xx' where reseller_id = 6163`)).rejects.toMatchObject({ cause: { constraint: 'redeem_embeds_language_check' } });
  });
});
