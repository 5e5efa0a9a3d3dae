/**
 * Languages (issue 36), through the real calls: a person's language and time zone (set, kept,
 * cleared, refused), the language a new person is given from their browser (sign-up, an accepted
 * invitation, an account the operator opens), the e-mails in the reader's language (a coupon in the
 * sending member's, with the redeem link's `lang`; money and dates by Intl; Arabic right to left),
 * the PDF invoice in Russian and Arabic, the redeem API's answers in the visitor's language from
 * the redeem page's own files — and every other call's envelope in English whatever is asked.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@partner-panel/sdk';
import { mailCatalogues } from '../src/adapters/mail/i18n/index.js';
import { invoiceCatalogues } from '../src/modules/billing/invoice-i18n/index.js';
import { defaultWordsDir, loadRedeemWords } from '../src/modules/redeem/words.js';
import { describeSecurityEvent, SECURITY_ACTIONS } from '../src/modules/auth/security-words.js';
import { formatDay, formatDuration } from '../src/locales.js';
import { specEnvelope, testApp } from './support/app.js';
import { readPdf } from './support/pdf.js';
import { fundedReseller, query } from './support/sql.js';
import { MEMBER_PASSWORD, invitationToken } from './support/team.js';

const t = await testApp({ env: { SESSION_TTL_HOURS: '2160', RATE_LIMIT_REDEEM_PER_IP: '10000', RATE_LIMIT_REDEEM_PER_PREFIX: '10000' } });

/** A call with a body as a browser asking for `language` sends it: CSRF pair, bearer, Accept-Language. */
async function send(method: 'GET' | 'POST', url: string, language: string, payload?: unknown, token?: string) {
  const csrf = (specEnvelope(await t.app.inject({ method: 'GET', url: '/api/csrf' })).body as { csrf_token: string }).csrf_token;
  const res = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': language, 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, headers: res.headers, json: specEnvelope(res) };
}

/** The newest mail to an address, its HTML too. */
async function mailTo(to: string, kind?: string) {
  const mails = (await t.mails(to)) as ({ html: string } & Awaited<ReturnType<typeof t.mails>>[number])[];
  const mail = kind ? mails.find((m) => m.kind === kind) : mails[0];
  if (!mail) throw new Error(`no ${kind ?? ''} mail to ${to}`);
  return mail;
}

const localeOf = async (email: string) => (await query<{ locale: string | null }>(t, sql`select locale from people where lower(email) = lower(${email})`))[0]?.locale;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Intl's spaces (no-break, narrow no-break) read as spaces, as a PDF's text extraction gives them. */
const spaced = (text: string) => text.replace(/[\s\u202f]+/g, ' ');

describe("a person's language and time zone (POST /api/v1/profile/preferences)", () => {
  it('are none until chosen; set, they are on the profile and the next sign-in; a field left out is kept and null forgets it', async () => {
    const me = await fundedReseller(t, 'prefs@example.com', 0);
    expect(me.user.member).toMatchObject({ locale: null, time_zone: null });

    const set = await t.post('/api/v1/profile/preferences', { locale: 'es', time_zone: 'Europe/Madrid' }, me.token);
    expect(set.status).toBe(200);
    expect(set.json.header).toEqual({ code: 20135, status: 'success', message: 'Profile updated successfully' });
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

describe("a new person's language, from their browser's Accept-Language", () => {
  it('is kept at sign-up, and the verification mail goes out in it', async () => {
    const password = 'Spanish!Pass2026';
    const res = await send('POST', '/api/register', 'es-MX,es;q=0.9,en;q=0.8', { email: 'nuevo@example.com', name: 'Nuevo Socio', password, password_confirmation: password });
    expect(res.json.header).toMatchObject({ status: 'success', message: 'Registration successful! We have sent a verification link to your email address.' });
    expect(await localeOf('nuevo@example.com')).toBe('es');
    const mail = await mailTo('nuevo@example.com', 'verify_email');
    expect(mail.subject).toBe('Verifique su dirección de correo electrónico');
    expect(mail.text).toMatch(/^Hola, Nuevo Socio:/);
    expect(mail.text).toContain('El enlace es válido durante 48 horas.');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('Enviado por Partner Panel');
  });

  it('is none when the browser asks for none of ours, and the mail is English', async () => {
    const password = 'Japanese!Pass2026';
    await send('POST', '/api/register', 'ja-JP,ja;q=0.9', { email: 'shinki@example.com', name: 'Shinki', password, password_confirmation: password });
    expect(await localeOf('shinki@example.com')).toBeNull();
    const mail = await mailTo('shinki@example.com', 'verify_email');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text).toContain('The link is valid for 48 hours.');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('is kept when an invitation makes a new person, whose later mail is in it', async () => {
    const owner = await t.signIn('reseller@demo.partner-panel.test');
    await owner.api.inviteMembers({ invitations: [{ email: 'nouveau@example.com', role: 'support' }] });
    // The invitation itself: the inviting member chose no language, and the address is nobody's yet.
    expect((await mailTo('nouveau@example.com', 'team_invitation')).subject).toBe('Demo Reseller invited you to Demo Reseller on Partner Panel');
    const token = await invitationToken(t, 'nouveau@example.com');
    await send('POST', '/api/team/invitation/accept', 'fr-CA,fr;q=0.9', { token, name: 'Nadia Nouveau', password: MEMBER_PASSWORD, password_confirmation: MEMBER_PASSWORD });
    expect(await localeOf('nouveau@example.com')).toBe('fr');
    await t.client().forgotPassword({ email: 'nouveau@example.com' });
    const reset = await mailTo('nouveau@example.com', 'reset_password');
    expect(reset.subject).toBe('Réinitialisez votre mot de passe');
    expect(reset.text).toContain(`Le lien est valable ${new Intl.NumberFormat('fr', { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(60)}.`);
  });

  it("is kept when the operator opens an account for a new person, from the operator's browser", async () => {
    const op = await t.signIn('operator@demo.partner-panel.test');
    const res = await send('POST', '/api/v1/operator/resellers', 'pt-BR,pt;q=0.9', { name: 'Loja Nova', email: 'loja@example.com' }, op.token);
    expect(res.json.header.status).toBe('success');
    expect(await localeOf('loja@example.com')).toBe('pt-BR');
    const mail = await mailTo('loja@example.com', 'account_opened');
    expect(mail.subject).toBe('Sua conta do Partner Panel está pronta');
    expect(mail.text).toContain('A equipe de parceiros abriu uma conta de revendedor para Loja Nova no Partner Panel');
    expect(mail.text).toContain('O link é válido por 48 horas');
  });
});

describe('e-mails in the reader’s language', () => {
  it("sends a coupon in the sending member's language, its redeem link opening the page in it", async () => {
    const me = await fundedReseller(t, 'vendedor@example.com', 10_000);
    await me.api.updatePreferences({ locale: 'es' });
    const { codes } = await me.api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'ES' });
    const [row] = (await me.api.listCoupons({ code: codes[0] as string })).data;
    const res = await t.post('/api/v1/resellers/coupon/send', { coupon_id: row?.Coupon_ID, email: 'cliente@example.com', full_name: 'Lucía' }, me.token);
    // The API's own answer stays English.
    expect(res.json.header).toEqual({ code: 70031, status: 'success', message: 'Coupon sent successfully' });
    const mail = await mailTo('cliente@example.com', 'coupon');
    expect(mail.subject).toBe('Su cupón de VPN de vendedor');
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.text).toContain('vendedor le ha enviado un cupón de suscripción VPN: Plan anual (12 meses).');
    expect(mail.text).toContain(`Su código de cupón: ${codes[0]}`);
    const [coupon] = await query<{ expires_at: Date }>(t, sql`select expires_at from coupons where code = ${codes[0]}`);
    const until = new Date(coupon?.expires_at ?? 0).toLocaleDateString('es', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mail.text).toContain(`Canjéelo antes del ${until} para activar su cuenta VPN.`);
    expect(mail.links).toEqual([`http://panel.test/redeem?coupon=${codes[0]}&lang=es`]);
    expect(mail.html).toContain('<html lang="es">');
  });

  it("writes money and dates the German way in a German reader's mail, and keeps dollars", async () => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const sub = await t.signIn('sub1@demo.partner-panel.test');
    await sub.api.updatePreferences({ locale: 'de' });
    const { invoice_id } = await admin.api.createUserInvoice({ user_reseller_id: sub.user.id, amount: 1234.5 });
    const mail = await mailTo('sub1@demo.partner-panel.test', 'invoice_sent');
    // Intl's German: the point between thousands, the comma before cents, the dollar sign after (a no-break space before it).
    const amount = new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.5);
    expect(amount).toMatch(/^1\.234,50\s\$$/);
    expect(mail.subject).toBe(`Rechnung Nr. ${invoice_id} über ${amount}`);
    expect(mail.text).toMatch(/^Guten Tag Northwind Sub-reseller,/);
    const [invoice] = await query<{ due_at: Date }>(t, sql`select due_at from invoices where id = ${invoice_id}`);
    const due = new Date(invoice?.due_at ?? 0).toLocaleDateString('de', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mail.text).toContain(`Demo Admin hat Ihnen die Rechnung Nr. ${invoice_id} über ${amount} gesendet, fällig am ${due}.`);
    expect(mail.html).toContain('<html lang="de">');
  });

  it('lays an Arabic mail out right to left, on its html and its body', async () => {
    const me = await fundedReseller(t, 'arabic-reader@example.com', 0);
    await me.api.updatePreferences({ locale: 'ar' });
    await t.client().forgotPassword({ email: 'arabic-reader@example.com' });
    const mail = await mailTo('arabic-reader@example.com', 'reset_password');
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toMatch(/<body lang="ar" dir="rtl" style="[^"]*text-align:right/);
    expect(mail.text).toContain('الرابط صالح لمدة 60 دقيقة.');
  });
});

describe('the PDF invoice in the reader’s language', () => {
  const invoiceFor = async (email: string, locale: 'ru' | 'ar') => {
    const admin = await t.signIn('admin@demo.partner-panel.test');
    const user = await fundedReseller(t, email, 0, { parentId: admin.user.id });
    await user.api.updatePreferences({ locale });
    const { invoice_id } = await admin.api.createUserInvoice({ user_reseller_id: user.id, amount: 2345.6 });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/resellers/invoice/pdf?id=${invoice_id}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    const invoice = await user.api.invoice({ id: invoice_id });
    return { id: invoice_id, invoice, ...(await readPdf(new Uint8Array(res.rawPayload))) };
  };

  it("is in Russian for a person whose language is Russian: Cyrillic words, Intl's dates and roubles-free dollars", async () => {
    const { id, invoice, pages, text } = await invoiceFor('russian-user@example.com', 'ru');
    expect(pages).toBe(1);
    const words = spaced(text);
    for (const phrase of ['СЧЁТ', `Счёт № ${id}`, 'Статус: Не оплачен', 'Плательщик', 'Описание', 'Сумма', 'Итого', 'Платежей по этому счёту пока не поступало.']) expect(words).toContain(phrase);
    expect(words).toContain(`Дата счёта: ${spaced(new Date(invoice.date).toLocaleDateString('ru', { dateStyle: 'long', timeZone: 'UTC' }))}`);
    expect(words).toContain(spaced(new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD' }).format(2345.6)));
    expect(words).toContain('russian-user@example.com');
    // The description the server wrote itself ('Wallet Deposit') in the reader's words.
    expect(invoice.description).toBe('Wallet Deposit');
    expect(words).toContain('Пополнение кошелька');
    expect(words).not.toContain('Wallet Deposit');
  });

  it('is in Arabic for a person whose language is Arabic, its words found whole and in reading order', async () => {
    const { id, pages, text } = await invoiceFor('arabic-user@example.com', 'ar');
    expect(pages).toBe(1);
    const words = spaced(text);
    // Joined letters, the lam-alef ligature (الاستحقاق, الإجمالي) included, read back as typed.
    for (const word of ['فاتورة', 'الحالة', 'مدفوعة', 'المبلغ', 'الإجمالي', 'الوصف', 'المدفوعات']) expect(words).toContain(word);
    for (const phrase of [`فاتورة رقم ${id}`, 'الحالة: غير مدفوعة', 'تاريخ الاستحقاق', 'صادرة إلى', 'لم تُستلم أي دفعة بعد.']) expect(words).toContain(phrase);
    expect(words).toContain('2,345.60 US$');
    expect(words).toContain('arabic-user@example.com');
  });
});

describe("the redeem API's answers in the visitor's language", () => {
  const es = JSON.parse(readFileSync(join(defaultWordsDir, 'es.json'), 'utf8')) as Record<string, string>;
  const PASSWORD = 'Redeem!Pass2026';
  const visitor = (coupon: string, extra: Record<string, unknown> = {}) => ({ name: 'Ana', email: 'ana@example.com', password: PASSWORD, password_confirmation: PASSWORD, coupon, addon_id: '', token: '', ...extra });

  it("says the redeem page's own Spanish for Accept-Language es, and mails the account in Spanish", async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const { codes } = await reseller.api.generateCoupons({ quantity: 1, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'RES' });
    const code = codes[0] as string;

    const bad = await send('POST', '/api/redeem', 'es-ES,es;q=0.9', visitor('NOSUCHCODE0000'));
    expect(bad.json.header).toEqual({ code: 'rspf-redeem-9001', status: 'error', message: es.badCoupon });
    expect(bad.headers['content-language']).toBe('es');
    expect(String(bad.headers.vary)).toContain('Accept-Language');

    const unnamed = await send('POST', '/api/redeem', 'es', visitor(code, { name: '' }));
    expect(unnamed.json.header).toEqual({ code: 'rspf-validation-1005', status: 'error', message: es.nameRequired });
    expect((unnamed.json.body as { errors: Record<string, string[]> }).errors.name).toEqual([es.nameRequired]);
    expect((await send('POST', '/api/redeem', 'es', visitor(code, { password_confirmation: 'Other!Pass2026' }))).json.header.message).toBe(es.mismatch);

    const done = await send('POST', '/api/redeem', 'es', visitor(code));
    expect(done.json.header).toEqual({ code: 90001, status: 'success', message: `${es.doneTitle}. ${es.done?.replace('{email}', 'ana@example.com')}` });
    const mail = await mailTo('ana@example.com', 'vpn_ready');
    expect(mail.subject).toBe('Su cuenta VPN está lista');
    expect(mail.text).toContain('Plan anual (12 meses)');
  });

  it("says a refused coupon in each of our languages with that language's file, as the redeem page does", async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const file = join(defaultWordsDir, `${locale}.json`);
      const words = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
      const res = await send('POST', '/api/redeem', locale, visitor('NOSUCHCODE0000'));
      expect(res.json.header, locale).toEqual({ code: 'rspf-redeem-9001', status: 'error', message: words.badCoupon ?? 'This coupon cannot be redeemed. Check the code, or ask the seller who gave it to you.' });
    }
  });

  it('answers in English for a language we do not speak, or none', async () => {
    for (const language of ['ja', '', '*']) {
      const res = await send('POST', '/api/redeem', language, visitor('NOSUCHCODE0000'));
      expect(res.json.header.message, language).toBe('This coupon cannot be redeemed. Check the code, or ask the seller who gave it to you.');
      expect(res.headers['content-language']).toBeUndefined();
    }
  });

  it("reads the redeem page's files at start, a language without one falling back to English", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-words-'));
    try {
      writeFileSync(join(dir, 'es.json'), JSON.stringify({ badCoupon: 'Cupón no válido.', title: 'not an answer', wait: 7 }));
      writeFileSync(join(dir, 'fr.json'), '{ not json');
      const words = loadRedeemWords(dir);
      expect(words).toEqual({ es: { badCoupon: 'Cupón no válido.' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the profile's security list in the reader's language", () => {
  it('words each event in the person\'s language, with the device and the key\'s mode it recorded, and in English for a person with none', async () => {
    const me = await fundedReseller(t, 'security-words@example.com', 0);
    await t.post('/api/v1/profile/preferences', { locale: 'es' }, me.token);
    const spanish = await t.signIn('security-words@example.com', 'Funded!Password1');
    const events = await t.get('/api/v1/profile/security-events', spanish.token);
    const descriptions = (events.json.body as { action: string; description: string }[]).map((e) => e.description);
    expect(descriptions.some((d) => /^Inicio de sesión en .+\.$/.test(d))).toBe(true);
    expect(descriptions.some((d) => d.startsWith('Signed in'))).toBe(false);
    // Another language changes the words of the same events, not what they say happened.
    await t.post('/api/v1/profile/preferences', { locale: null }, spanish.token);
    const again = await t.signIn('security-words@example.com', 'Funded!Password1');
    const english = (await t.get('/api/v1/profile/security-events', again.token)).json.body as { description: string }[];
    expect(english.some((e) => /^Signed in on .+\.$/.test(e.description))).toBe(true);
  });

  it('has every action in every language, a key\'s mode in the language\'s words', () => {
    for (const locale of LOCALES) {
      for (const action of SECURITY_ACTIONS) expect(describeSecurityEvent(locale, action, { device: 'Firefox on Linux', mode: 'live', url: 'https://example.com/hook', ended: 2 }), `${locale} ${action}`).not.toBe(action);
    }
    expect(describeSecurityEvent('de', 'secret_key.generated', { mode: 'test' })).toBe('Ein geheimer Schlüssel (Test) wurde erstellt.');
    expect(describeSecurityEvent('ru', 'reseller.signed_in', {})).toBe('Вход с устройства: неизвестное устройство.');
  });
});

describe('every other call answers in English', () => {
  it('keeps the envelope of a portal call English, with its code, whatever the browser asks', async () => {
    const me = await t.signIn('reseller@demo.partner-panel.test');
    const read = await send('GET', '/api/v1/resellers/profile', 'de-DE,de;q=0.9', undefined, me.token);
    expect(read.json.header).toEqual({ code: 20071, status: 'success', message: 'Profile' });
    const refused = await send('POST', '/api/v1/resellers/update', 'de', { update: 'balance', value: '1' }, me.token);
    expect(refused.json.header).toEqual({ code: 'rspf-update-profile-1025', status: 'error', message: 'This field cannot be updated.' });
    expect(refused.headers['content-language']).toBeUndefined();
  });
});

describe('the catalogues', () => {
  it('keeps a duration in days and a day apart, each with a formatter of its own', () => {
    expect(formatDuration('en', 2, 'day')).toBe('2 days');
    expect(formatDay('en', new Date('2026-12-07T12:00:00Z'))).toBe('December 7, 2026');
    expect(formatDuration('en', 2, 'day')).toBe('2 days');
  });

  it('give every sentence of every language the placeholders of its English', () => {
    for (const catalogues of [mailCatalogues, invoiceCatalogues] as Record<string, Record<string, string>>[]) {
      const english = catalogues.en as Record<string, string>;
      for (const locale of LOCALES) {
        const words = catalogues[locale] as Record<string, string>;
        expect(Object.keys(words).sort(), locale).toEqual(Object.keys(english).sort());
        for (const [key, sentence] of Object.entries(english)) expect(placeholders(words[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(sentence));
      }
    }
  });
});
