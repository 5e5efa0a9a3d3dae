/**
 * White label, for real (ours, behind 000 §1's promo): a reseller's enquiry is stored, acknowledged
 * to it by e-mail and mailed to OPERATOR_EMAIL, all in one transaction; the operator (the provider's
 * own account) lists them; nobody else does, an admin of no admin neither; the fields say what is
 * wrong in our words.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, query } from './support/sql.js';

const t = await testApp({ env: { OPERATOR_EMAIL: 'sales@operator.example' } });
const enquiry = { brand_name: 'Acme VPN', expected_users: 5000, message: 'We sell to schools and want our own apps.' };

describe('a white-label enquiry', () => {
  it('is stored, acknowledged to the reseller and mailed to the operator; the operator lists it', async () => {
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    const res = await t.post('/api/v1/white-label/enquiry', { ...enquiry, expected_users: '5000' }, reseller.token);
    expect(res.status).toBe(200);
    expect(res.json.header).toMatchObject({ code: 140001, status: 'success', message: 'Thank you: we received your enquiry and sent you a copy by e-mail.' });
    const id = (res.json.body as { id: number }).id;
    expect(await query(t, sql`select reseller_id, brand_name, expected_users, message from white_label_enquiries where id = ${id}`)).toEqual([
      { reseller_id: 1000, brand_name: 'Acme VPN', expected_users: 5000, message: enquiry.message },
    ]);

    const [ack] = (await t.mails('reseller@demo.partner-panel.test')).filter((m) => m.kind === 'white_label_ack');
    expect(ack?.subject).toBe('We received your white-label enquiry');
    expect(ack?.text).toContain('Thank you for asking about selling Acme VPN as your own VPN brand (about 5,000 users).');
    const [operator] = await t.mails('sales@operator.example');
    expect(operator).toMatchObject({ kind: 'white_label_enquiry', subject: 'White-label enquiry from Demo Reseller' });
    expect(operator?.text).toContain(`Message: ${enquiry.message}`);
    expect(operator?.text).toContain('reseller@demo.partner-panel.test, reseller #1000');

    const operatorAccount = await t.signIn('operator@demo.partner-panel.test');
    const list = await operatorAccount.api.whiteLabelEnquiries({});
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id, reseller_id: 1000, reseller_name: 'Demo Reseller', reseller_email: 'reseller@demo.partner-panel.test', ...enquiry });
    expect((await operatorAccount.api.whiteLabelEnquiries({ search: 'acme' })).total).toBe(1);
    expect((await operatorAccount.api.whiteLabelEnquiries({ search: 'nobody' })).data).toEqual([]);
  });

  it('is listed for the operator alone: not a reseller, not an admin of no admin, not an admin with an admin above it', async () => {
    const refused = { header: { code: 'rspf-account-1057', status: 'error', message: "Only the provider's operator account can do this." }, body: null };
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    expect(await failure(reseller.api.whiteLabelEnquiries({}))).toMatchObject({ httpStatus: 403, message: "Only the provider's operator account can do this." });
    // The demo admin has no admin above it: a business like any reseller, not the operator.
    const admin = await t.signIn('admin@demo.partner-panel.test');
    expect(await t.post('/api/v1/white-label/enquiries?page_limit=10&page=1', {}, admin.token)).toEqual({ status: 403, json: refused });
    const subAdmin = await fundedReseller(t, 'wl-sub-admin@example.com', 0, { parentId: 1001 });
    await t.database.db.execute(sql`update resellers set is_admin = true where id = ${subAdmin.id}`);
    const res = await t.post('/api/v1/white-label/enquiries?page_limit=10&page=1', {}, subAdmin.token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual(refused);
    expect((await t.post('/api/v1/white-label/enquiries', {})).json.header.status).toBe('forbidden');
  });

  it('says what is wrong with each field, stores nothing then, and takes at most five a day', async () => {
    const asker = await fundedReseller(t, 'wl-asker@example.com', 0);
    const count = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from white_label_enquiries where reseller_id = ${asker.id}`))[0]?.n);
    for (const [body, message] of [
      [{ ...enquiry, brand_name: '  ' }, 'Please enter the brand name, up to 100 characters on one line.'],
      [{ ...enquiry, brand_name: 'A'.repeat(101) }, 'Please enter the brand name, up to 100 characters on one line.'],
      [{ ...enquiry, brand_name: 'Two\nlines' }, 'Please enter the brand name, up to 100 characters on one line.'],
      [{ ...enquiry, expected_users: 0 }, 'Please enter the number of users you expect, from 1 to 10,000,000.'],
      [{ ...enquiry, expected_users: 'many' }, 'Please enter the number of users you expect, from 1 to 10,000,000.'],
      [{ ...enquiry, message: '' }, 'Please tell us about your plans, up to 2,000 characters.'],
      [{ ...enquiry, message: 'x'.repeat(2001) }, 'Please tell us about your plans, up to 2,000 characters.'],
    ] as const) {
      const res = await t.post('/api/v1/white-label/enquiry', body, asker.token);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json.header.message).toBe(message);
    }
    expect(await count()).toBe(0);
    for (let i = 0; i < 5; i++) await asker.api.askWhiteLabel(enquiry);
    expect((await t.post('/api/v1/white-label/enquiry', enquiry, asker.token)).status).toBe(429);
    expect(await count()).toBe(5);
    expect((await t.post('/api/v1/white-label/enquiry', enquiry)).json.header.status).toBe('forbidden');
  });
});
