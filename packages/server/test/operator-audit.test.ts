/**
 * The operator's audit page (issue 35 point 6), through HTTP on the real database: every action of
 * the operator's people — a catalogue change, a pipeline change, its team — is listed newest first
 * with the person (name, e-mail), the action, the target, before and after, the address and the
 * time; filtered by action (or its family), person and days, a reversed range refused in our words;
 * paged; and exported as CSV under the same filter. Nothing a reseller does is in it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract, type OperatorAuditRow } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, query } from './support/sql.js';
import { joinAs } from './support/team.js';

const t = await testApp({ env: { SESSION_TTL_HOURS: '2160' } });
const OPERATOR = 'operator@demo.partner-panel.test';
const op = await t.signIn(OPERATOR);

// The log: a price change by the Owner, then a pipeline change by an Administrator of the operator's team.
await op.api.changeCataloguePrice({ item_type: 'product', item_id: 101, price: '3.25' });
const admin = await joinAs(t, op.api, 'administrator', 'audit-admin@example.com');
const shop = await fundedReseller(t, 'audit-shop@example.com', 0);
const { id: enquiryId } = await shop.api.askWhiteLabel({ brand_name: 'Audit VPN', expected_users: 10, message: 'Hello' });
await admin.api.setWhiteLabelStatus({ enquiry_id: enquiryId, status: 'won' });

/** A day as the filter takes it, `days` from the database's today (the log's times are the database's). */
async function dayFromToday(days: number) {
  const [row] = await query<{ day: string }>(t, sql`select to_char((now() at time zone 'UTC')::date + ${days}::int, 'YYYY-MM-DD') as day`);
  return row?.day ?? '';
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

describe('the audit page', () => {
  it("lists the operator's actions newest first, each with the person, action, target, before and after, address and time", async () => {
    const page = await op.api.operatorAudit({});
    const ours = page.data.filter((r) => r.action === 'catalogue.price' || r.action === 'white_label.status');
    expect(ours.map((r) => r.action)).toEqual(['white_label.status', 'catalogue.price']);
    expect(ours[0]).toMatchObject({
      person: { id: admin.personId, name: 'A administrator', email: 'audit-admin@example.com' },
      target_type: 'white_label_enquiry',
      target_id: String(enquiryId),
      before: { status: 'new' },
      after: { status: 'won' },
      ip: expect.any(String),
    } satisfies Partial<OperatorAuditRow>);
    expect(ours[1]).toMatchObject({
      person: { id: op.user.member.person_id, name: 'Olivia Operator', email: OPERATOR },
      target_type: 'product',
      target_id: '101',
      before: { price_cents: 300 },
      after: { price_cents: 325 },
      ip: expect.any(String),
    });
    expect(new Date(ours[0]?.created_at ?? '').getTime()).toBeGreaterThan(new Date(ours[1]?.created_at ?? '').getTime());
    // The invitation of the team's member is the operator's action too; the reseller's enquiry is not.
    expect(page.actions).toEqual(expect.arrayContaining(['catalogue.price', 'white_label.status']));
    expect(page.actions).not.toContain('white_label.enquired');
    expect(page.data.every((r) => r.action !== 'white_label.enquired')).toBe(true);
    expect(page.people.map((p) => p.email)).toEqual(expect.arrayContaining([OPERATOR, 'audit-admin@example.com']));
    expect(page.people.map((p) => p.email)).not.toContain('audit-shop@example.com');
  });

  it('filters by action, by its family, by person and by days, and pages', async () => {
    const actions = async (body: Parameters<typeof op.api.operatorAudit>[0]) => (await op.api.operatorAudit(body)).data.map((r) => r.action);
    expect(await actions({ action: 'catalogue.price' })).toEqual(['catalogue.price']);
    expect(await actions({ action: 'catalogue' })).toEqual(['catalogue.price']);
    expect(await actions({ action: 'white_label' })).toEqual(['white_label.status']);
    // `_` is no wildcard: `white.label` names nothing.
    expect(await actions({ action: 'white.label' })).toEqual([]);
    // The Administrator's own lines: joining, signing in, the status; none of the Owner's.
    const byAdmin = await op.api.operatorAudit({ person_id: admin.personId });
    expect(byAdmin.data.map((r) => r.action)).toContain('white_label.status');
    expect(byAdmin.data.every((r) => r.person?.id === admin.personId)).toBe(true);
    expect(await actions({ person_id: 2_000_000_000 })).toEqual([]);
    // Another account's person has lines of their own account: none of them is the operator's.
    expect(await actions({ person_id: shop.user.member.person_id })).toEqual([]);
    const [yesterday, today, tomorrow] = [await dayFromToday(-1), await dayFromToday(0), await dayFromToday(1)];
    expect(await actions({ action: 'catalogue', dateStart: today, dateEnd: today })).toEqual(['catalogue.price']);
    expect(await actions({ action: 'catalogue', dateStart: yesterday, dateEnd: yesterday })).toEqual([]);
    expect(await actions({ dateStart: tomorrow })).toEqual([]);
    expect(await actions({ action: 'white_label', dateEnd: today })).toEqual(['white_label.status']);

    const all = await op.api.operatorAudit({});
    const first = await op.api.operatorAudit({ page_limit: 1, page: 1 });
    const second = await op.api.operatorAudit({ page_limit: 1, page: 2 });
    expect(first.total).toBe(all.total);
    expect([first.data[0]?.id, second.data[0]?.id]).toEqual([all.data[0]?.id, all.data[1]?.id]);
    expect(await op.api.operatorAudit({ page_limit: 10, page: 1000 })).toMatchObject({ data: [], total: all.total });
  });

  it('refuses a reversed range, a day that is none, an action that is none and a misspelt field, in our words', async () => {
    for (const [body, message] of [
      [{ dateStart: '2026-11-30', dateEnd: '2026-11-28' }, 'The end date must not be before the start date'],
      [{ dateStart: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD)'],
      [{ dateEnd: 'yesterday' }, 'Please enter a valid date (YYYY-MM-DD)'],
      [{ action: "catalogue'; drop table audit_log; --" }, 'Choose an action from the list.'],
      [{ person_id: 'olivia' }, 'Choose a person from the list.'],
    ] as const) {
      for (const path of [contract.operatorAudit.path, contract.operatorAuditExportTicket.path]) {
        const res = await t.post(path, body, op.token);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
        expect(res.json.header.message, `${path} ${JSON.stringify(body)}`).toBe(message);
      }
    }
    const misspelt = await t.post(contract.operatorAudit.path, { acton: 'catalogue' }, op.token);
    expect(JSON.stringify(misspelt.json)).toContain("Unknown field 'acton'. Did you mean 'action'?");
  });

  it('exports the same filter as CSV under a signed ticket: the header, one line per action, before and after as JSON', async () => {
    const res = await t.post(contract.operatorAuditExportTicket.path, { action: 'catalogue' }, op.token);
    expect(res.json.header).toMatchObject({ code: 150302, status: 'success' });
    const { url } = res.json.body as { url: string };
    expect(url).toMatch(/^\/api\/v1\/operator\/audit\/export\?ticket=/);
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2}-audit-log\.csv"$/);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe('Time,Action,Person,Person Email,Target,Before,After,Details,IP');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z,catalogue\.price,Olivia Operator,operator@demo\.partner-panel\.test,product #101,"{""price_cents"": 300}","{""price_cents"": 325}","{""change_id"": \d+, ""effective_at"": "".+""}",[\d.:a-f]+$/);

    // Unfiltered: both actions, newest first.
    const everything = await download(((await op.api.operatorAuditExportTicket({})) as { url: string }).url);
    const rows = everything.body.trim().split('\n').slice(1);
    const ours = rows.filter((r) => /,(catalogue\.price|white_label\.status),/.test(r));
    expect(ours.map((r) => r.split(',')[1])).toEqual(['white_label.status', 'catalogue.price']);
    expect(everything.body).not.toContain('white_label.enquired');

    // A tampered ticket, or another export's ticket, opens nothing.
    expect((await download(url.replace(/ticket=(.)/, (_, c: string) => `ticket=${c === 'a' ? 'b' : 'a'}`))).status).toBe(410);
    const coupons = (await (await t.signIn('reseller@demo.partner-panel.test')).api.couponExportTicket({ code: '', dateStart: '', dateEnd: '', billingType: '' })).url;
    expect((await download(`${contract.exportOperatorAudit.path}?${coupons.split('?')[1]}`)).status).toBe(410);
  });

  it("is the operator's alone: a reseller, an admin reseller and the operator's Developer are refused, a Viewer reads", async () => {
    for (const email of ['reseller@demo.partner-panel.test', 'admin@demo.partner-panel.test']) {
      const who = await t.signIn(email);
      expect(await failure(who.api.operatorAudit({}))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1057' });
      expect(await failure(who.api.operatorAuditExportTicket({}))).toMatchObject({ httpStatus: 403, code: 'rspf-account-1057' });
    }
    const developer = await joinAs(t, op.api, 'developer', 'audit-developer@example.com');
    expect(await failure(developer.api.operatorAudit({}))).toMatchObject({ httpStatus: 403, code: 'rspf-team-1101' });
    const viewer = await joinAs(t, op.api, 'viewer', 'audit-viewer@example.com');
    expect((await viewer.api.operatorAudit({ action: 'catalogue' })).total).toBe(1);
    // Reading the log writes nothing to it.
    const [{ n } = { n: 0 }] = await query<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action like 'audit%'`);
    expect(Number(n)).toBe(0);
  });
});
