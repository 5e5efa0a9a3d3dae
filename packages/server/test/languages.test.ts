/**
 * Languages (issue 36), through the real calls: a person's language and time zone (set, kept,
 * cleared, refused).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { fundedReseller, query } from './support/sql.js';
import { MEMBER_PASSWORD, invitationToken } from './support/team.js';

const t = await testApp({ env: { SESSION_TTL_HOURS: '2160' } });

const localeOf = async (email: string) => (await query<{ locale: string | null }>(t, sql`select locale from people where lower(email) = lower(${email})`))[0]?.locale;

describe("a person's language and time zone (POST /api/v1/profile/preferences)", () => {
  it('are none until chosen; set, they are on the profile and the next sign-in; a field left out is kept and null forgets it', async () => {
    const me = await fundedReseller(t, 'prefs@example.com', 0);
    expect(me.user.member).toMatchObject({ locale: null, time_zone: null });

    const set = await t.post('/api/v1/profile/preferences', { locale: 'es', time_zone: 'Europe/Madrid' }, me.token);
    expect(set.status).toBe(200);
    expect(set.json.header).toEqual({ code: 20135, status: 'success', message: 'Your language and time zone are saved.' });
    expect(set.json.body).toEqual({ locale: 'es', time_zone: 'Europe/Madrid' });
    expect((await me.api.profile()).member).toMatchObject({ locale: 'es', time_zone: 'Europe/Madrid' });
    expect((await t.signIn('prefs@example.com', 'Funded!Password1')).user.member).toMatchObject({ locale: 'es', time_zone: 'Europe/Madrid' });

    expect(await me.api.updatePreferences({ time_zone: 'America/Sao_Paulo' })).toEqual({ locale: 'es', time_zone: 'America/Sao_Paulo' });
    expect(await me.api.updatePreferences({ locale: 'ar' })).toEqual({ locale: 'ar', time_zone: 'America/Sao_Paulo' });
    expect(await me.api.updatePreferences({})).toEqual({ locale: 'ar', time_zone: 'America/Sao_Paulo' });
    expect(await me.api.updatePreferences({ locale: null })).toEqual({ locale: null, time_zone: 'America/Sao_Paulo' });
    expect(await me.api.updatePreferences({ time_zone: null })).toEqual({ locale: null, time_zone: null });
    expect((await me.api.profile()).member).toMatchObject({ locale: null, time_zone: null });
  });

  it("are the person's, not the account's: another member of the account keeps theirs", async () => {
    const owner = await t.signIn('reseller@demo.partner-panel.test');
    await owner.api.inviteMembers({ invitations: [{ email: 'prefs-member@example.com', role: 'viewer' }] });
    const token = await invitationToken(t, 'prefs-member@example.com');
    const member = await t.client().acceptInvitation({ token, name: 'Pat Member', password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD });
    await t.client(member.access_token).updatePreferences({ locale: 'de' });
    expect(await localeOf('prefs-member@example.com')).toBe('de');
    expect((await owner.api.profile()).member.locale).toBeNull();
  });

  it('refuses a language we do not speak, a zone Intl does not know and a misspelled field, in our words', async () => {
    const me = await t.signIn('reseller@demo.partner-panel.test');
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.post('/api/v1/profile/preferences', body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      return res.json;
    };
    for (const locale of ['xx', 'pt', 'EN', 7, '']) {
      const answer = await refused({ locale });
      expect(answer.header).toEqual({ code: 'rspf-validation-1005', status: 'error', message: 'Choose one of the languages offered.' });
      expect((answer.body as { errors: Record<string, string[]> }).errors.locale).toEqual(['Choose one of the languages offered.']);
    }
    for (const time_zone of ['Mars/Olympus_Mons', '', 'x'.repeat(65), 3]) {
      expect((await refused({ time_zone })).header.message).toBe('Choose a time zone from the list, such as Europe/Madrid.');
    }
    const misspelled = await refused({ timezone: 'Europe/Madrid' });
    expect(misspelled.header.code).toBe('rspf-validation-1005');
    expect(misspelled.header.message).toContain('timezone');
    // Nothing refused was stored, and the database holds the column to our languages too.
    expect((await me.api.profile()).member).toMatchObject({ locale: null, time_zone: null });
    await expect(t.database.db.execute(sql`update people set locale = 'xx' where email = 'reseller@demo.partner-panel.test'`)).rejects.toThrow();
  });
});

