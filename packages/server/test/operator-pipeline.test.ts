/**
 * The operator's white-label pipeline (issue 35 point 4), through HTTP on the real database: an
 * enquiry starts `new` with no owner; a reply is mailed to the reseller through the outbox, kept in
 * its timeline and moves it to `contacted`; a status change is checked against the status the
 * person saw; the owner is a member of the operator's team and nobody else; a note is one to 2,000
 * characters of something; the list filters by status and owner. Every change is an audit line
 * with the person, before and after, and the address. Careless input is answered in our words.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contract, type WhiteLabelEnquiryRow } from '@partner-panel/sdk';
import { testApp } from './support/app.js';
import { failure } from './support/expect.js';
import { fundedReseller, query } from './support/sql.js';
import { joinAs } from './support/team.js';

const t = await testApp({ env: { SESSION_TTL_HOURS: '2160' } });
const OPERATOR = 'operator@demo.partner-panel.test';
const op = await t.signIn(OPERATOR);
const ask = { brand_name: 'Harbour VPN', expected_users: 1200, message: 'Ferries and ports; our own apps please.' };

/** A new enquiry of a new reseller (five a day each), as the operator lists it. */
async function enquiry(email: string, brand = ask.brand_name) {
  const shop = await fundedReseller(t, email, 0);
  const { id } = await shop.api.askWhiteLabel({ ...ask, brand_name: brand });
  return { shop, id };
}

async function auditLines(enquiryId: number) {
  return query<{ action: string; actor_id: number; person_id: number | null; before: unknown; after: unknown; data: unknown; ip: string | null }>(
    t,
    sql`select action, actor_id, person_id, before, after, data, ip from audit_log where target_type = 'white_label_enquiry' and target_id = ${String(enquiryId)} and action <> 'white_label.enquired' order by id`,
  );
}

describe('an enquiry in the pipeline', () => {
  it('starts new, with no owner and no notes, and is listed so', async () => {
    const { id } = await enquiry('pipe-new@example.com');
    const { data } = await op.api.whiteLabelEnquiries({ search: 'pipe-new@' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id, status: 'new', owner: null, notes: [], brand_name: ask.brand_name });
    expect(data[0]?.updated_at).toBe(data[0]?.created_at);
  });

  it('is answered by e-mail from the page: the reply reaches the outbox, joins the timeline, moves it to contacted, and is audited', async () => {
    const { id } = await enquiry('pipe-reply@example.com');
    const res = await t.post(contract.replyWhiteLabel.path, { enquiry_id: id, subject: 'Your own VPN brand', body: 'Hello from the provider.\n\nCan we call you on Monday?' }, op.token);
    expect(res.status).toBe(200);
    expect(res.json.header).toMatchObject({ code: 150204, status: 'success', message: 'Reply sent to pipe-reply@example.com.' });
    const answered = res.json.body as WhiteLabelEnquiryRow;
    expect(answered).toMatchObject({ id, status: 'contacted' });
    expect(answered.notes).toEqual([
      { id: expect.any(Number), kind: 'reply', subject: 'Your own VPN brand', body: 'Hello from the provider.\n\nCan we call you on Monday?', person: { id: op.user.member.person_id, name: 'Olivia Operator', email: OPERATOR }, created_at: expect.any(String) },
    ]);

    const [mail] = (await t.mails('pipe-reply@example.com')).filter((m) => m.kind === 'white_label_reply');
    expect(mail?.subject).toBe('Your own VPN brand');
    expect(mail?.text).toContain('Hello from the provider.');
    expect(mail?.text).toContain('Can we call you on Monday?');
    expect(mail?.text).toContain('Olivia Operator, for the white-label offer');

    const lines = await auditLines(id);
    expect(lines.map((l) => l.action)).toEqual(['white_label.replied', 'white_label.status']);
    for (const l of lines) expect(l).toMatchObject({ person_id: op.user.member.person_id, ip: expect.any(String) });
    expect(lines[0]).toMatchObject({ after: { subject: 'Your own VPN brand' }, data: { to: 'pipe-reply@example.com' } });
    expect(lines[1]).toMatchObject({ before: { status: 'new' }, after: { status: 'contacted' }, data: { by: 'reply' } });

    // A second reply keeps a contacted enquiry contacted, and writes no status line.
    const again = await op.api.replyWhiteLabel({ enquiry_id: id, subject: 'Re: Your own VPN brand', body: 'Monday at ten then.' });
    expect(again.status).toBe('contacted');
    expect(again.notes.map((n) => n.subject)).toEqual(['Your own VPN brand', 'Re: Your own VPN brand']);
    expect((await auditLines(id)).map((l) => l.action)).toEqual(['white_label.replied', 'white_label.status', 'white_label.replied']);
  });

  it('changes status against the status the person saw, refuses no change and an unknown status, and audits before and after', async () => {
    const { id } = await enquiry('pipe-status@example.com');
    const won = await t.post(contract.setWhiteLabelStatus.path, { enquiry_id: id, status: 'won', from: 'new' }, op.token);
    expect(won.json.header).toMatchObject({ code: 150201, message: 'The enquiry is now won.' });
    expect(won.json.body).toMatchObject({ id, status: 'won' });

    // Someone else's page still says new: nothing changes, and the answer says where it stands.
    const stale = await failure(op.api.setWhiteLabelStatus({ enquiry_id: id, status: 'lost', from: 'new' }));
    expect(stale).toMatchObject({ httpStatus: 409, code: 'rspf-pipeline-6202', message: 'Someone changed this enquiry meanwhile: it is now won. Look at it again, then choose.' });
    const same = await failure(op.api.setWhiteLabelStatus({ enquiry_id: id, status: 'won' }));
    expect(same).toMatchObject({ httpStatus: 422, code: 'rspf-pipeline-6203', message: 'Nothing to change: the enquiry already is so.' });
    for (const body of [
      { enquiry_id: id, status: 'pending' },
      { enquiry_id: id, status: '' },
      { enquiry_id: id, status: 'WON' },
      { enquiry_id: id },
    ]) {
      const res = await t.post(contract.setWhiteLabelStatus.path, body, op.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.header.message, JSON.stringify(body)).toBe('Choose a status: new, contacted, won or lost.');
    }
    const misspelt = await t.post(contract.setWhiteLabelStatus.path, { enquiry_id: id, staus: 'lost' }, op.token);
    expect(misspelt.status).toBe(422);
    expect(JSON.stringify(misspelt.json)).toContain("Unknown field 'staus'. Did you mean 'status'?");
    const missing = await t.post(contract.setWhiteLabelStatus.path, { enquiry_id: 2_000_000_000, status: 'lost' }, op.token);
    expect(missing).toMatchObject({ status: 404, json: { header: { code: 'rspf-pipeline-6201', message: 'This enquiry does not exist.' } } });
    const notAnId = await t.post(contract.setWhiteLabelStatus.path, { enquiry_id: 'abc', status: 'lost' }, op.token);
    expect(notAnId.json.header.message).toBe('Choose an enquiry from the list.');

    expect((await op.api.setWhiteLabelStatus({ enquiry_id: id, status: 'lost' })).status).toBe('lost');
    const lines = await auditLines(id);
    expect(lines.map((l) => [l.action, l.before, l.after])).toEqual([
      ['white_label.status', { status: 'new' }, { status: 'won' }],
      ['white_label.status', { status: 'won' }, { status: 'lost' }],
    ]);
  });

  it("is owned by a member of the operator's team only, or by nobody", async () => {
    const { id } = await enquiry('pipe-owner@example.com');
    const member = await joinAs(t, op.api, 'viewer', 'pipe-owner-viewer@example.com');
    const owners = await op.api.whiteLabelOwners();
    expect(owners.map((o) => o.email)).toEqual(expect.arrayContaining([OPERATOR, 'pipe-owner-viewer@example.com']));

    const res = await t.post(contract.assignWhiteLabelOwner.path, { enquiry_id: id, owner_person_id: member.personId }, op.token);
    expect(res.json.header).toMatchObject({ code: 150202, message: 'A viewer now owns the enquiry.' });
    expect(res.json.body).toMatchObject({ owner: { id: member.personId, email: 'pipe-owner-viewer@example.com' } });

    // A reseller's person, and a person who does not exist, are answered alike.
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    for (const person of [reseller.user.member.person_id, 2_000_000_000]) {
      expect(await failure(op.api.assignWhiteLabelOwner({ enquiry_id: id, owner_person_id: person }))).toMatchObject({
        httpStatus: 422,
        code: 'rspf-pipeline-6204',
        message: 'The owner must be a member of your team: choose one from the list.',
      });
    }
    expect(await failure(op.api.assignWhiteLabelOwner({ enquiry_id: id, owner_person_id: member.personId }))).toMatchObject({ code: 'rspf-pipeline-6203' });
    for (const owner of ['someone', 0, -3, 1.5, true]) {
      const bad = await t.post(contract.assignWhiteLabelOwner.path, { enquiry_id: id, owner_person_id: owner }, op.token);
      expect(bad.status, String(owner)).toBe(422);
      expect(bad.json.header.message, String(owner)).toBe('Choose a member of your team, or nobody.');
    }

    const none = await t.post(contract.assignWhiteLabelOwner.path, { enquiry_id: id, owner_person_id: null }, op.token);
    expect(none.json.header.message).toBe('The enquiry has no owner now.');
    expect(none.json.body).toMatchObject({ owner: null });
    expect((await auditLines(id)).map((l) => [l.action, l.before, l.after, l.person_id])).toEqual([
      ['white_label.owner', { owner_person_id: null }, { owner_person_id: member.personId, owner_email: 'pipe-owner-viewer@example.com' }, op.user.member.person_id],
      ['white_label.owner', { owner_person_id: member.personId }, { owner_person_id: null }, op.user.member.person_id],
    ]);

    // A Viewer reads the pipeline but changes nothing of it.
    expect((await member.api.whiteLabelEnquiries({ search: 'pipe-owner@' })).total).toBe(1);
    expect(await failure(member.api.addWhiteLabelNote({ enquiry_id: id, body: 'A viewer writes' }))).toMatchObject({ httpStatus: 403, code: 'rspf-team-1101' });
  });

  it('takes a note of one to 2,000 characters of something, and refuses empty, spaces-only and too long ones', async () => {
    const { id } = await enquiry('pipe-note@example.com');
    const count = async () => Number((await query<{ n: number }>(t, sql`select count(*)::int as n from white_label_notes where enquiry_id = ${id}`))[0]?.n);
    for (const body of ['', '   ', '\n\t \n', 'x'.repeat(2001), 'x'.repeat(10_000), null, 42, ['a note']]) {
      const res = await t.post(contract.addWhiteLabelNote.path, { enquiry_id: id, body }, op.token);
      expect(res.status, JSON.stringify(body).slice(0, 30)).toBe(422);
      expect(res.json.header.message, JSON.stringify(body).slice(0, 30)).toBe('Please write the note, from 1 to 2,000 characters.');
    }
    const misspelt = await t.post(contract.addWhiteLabelNote.path, { enquiry_id: id, bdoy: 'Called them' }, op.token);
    expect(JSON.stringify(misspelt.json)).toContain("Unknown field 'bdoy'. Did you mean 'body'?");
    expect(await count()).toBe(0);

    const res = await t.post(contract.addWhiteLabelNote.path, { enquiry_id: id, body: '  Called them; they want a quote.  ' }, op.token);
    expect(res.json.header).toMatchObject({ code: 150203, message: 'Note added.' });
    const noted = res.json.body as WhiteLabelEnquiryRow;
    expect(noted.status).toBe('new');
    expect(noted.notes).toMatchObject([{ kind: 'note', subject: null, body: 'Called them; they want a quote.', person: { email: OPERATOR } }]);
    expect(await op.api.addWhiteLabelNote({ enquiry_id: id, body: 'y'.repeat(2000) })).toMatchObject({ notes: [{}, { body: 'y'.repeat(2000) }] });
    expect((await auditLines(id)).map((l) => [l.action, l.after])).toEqual([
      ['white_label.note', { body: 'Called them; they want a quote.' }],
      ['white_label.note', { body: 'y'.repeat(2000) }],
    ]);
    // Nothing of a note reaches the reseller.
    expect((await t.mails('pipe-note@example.com')).filter((m) => m.kind === 'white_label_reply')).toEqual([]);
  });

  it("refuses a reply without a subject or text, a subject of two lines, and a text past 5,000 characters, and mails nothing then", async () => {
    const { id } = await enquiry('pipe-bad-reply@example.com');
    for (const [body, message] of [
      [{ enquiry_id: id, subject: '  ', body: 'Hello' }, 'Please enter the subject, up to 150 characters on one line.'],
      [{ enquiry_id: id, subject: 'Two\nlines', body: 'Hello' }, 'Please enter the subject, up to 150 characters on one line.'],
      [{ enquiry_id: id, subject: 's'.repeat(151), body: 'Hello' }, 'Please enter the subject, up to 150 characters on one line.'],
      [{ enquiry_id: id, subject: 'Hello', body: ' ' }, 'Please write the reply, from 1 to 5,000 characters.'],
      [{ enquiry_id: id, subject: 'Hello', body: 'x'.repeat(10_000) }, 'Please write the reply, from 1 to 5,000 characters.'],
    ] as const) {
      const res = await t.post(contract.replyWhiteLabel.path, body, op.token);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json.header.message, JSON.stringify(body).slice(0, 60)).toBe(message);
    }
    expect((await t.mails('pipe-bad-reply@example.com')).filter((m) => m.kind === 'white_label_reply')).toEqual([]);
    expect((await op.api.whiteLabelEnquiries({ search: 'pipe-bad-reply@' })).data[0]).toMatchObject({ status: 'new', notes: [] });
  });
});

describe('the pipeline list', () => {
  it('filters by status and by owner (nobody included), with each enquiry its notes', async () => {
    const a = await enquiry('pipe-list-a@example.com', 'Filter Alpha');
    const b = await enquiry('pipe-list-b@example.com', 'Filter Beta');
    await op.api.setWhiteLabelStatus({ enquiry_id: b.id, status: 'lost' });
    await op.api.assignWhiteLabelOwner({ enquiry_id: a.id, owner_person_id: op.user.member.person_id });
    await op.api.addWhiteLabelNote({ enquiry_id: a.id, body: 'Owned by Olivia' });
    const brands = async (body: Parameters<typeof op.api.whiteLabelEnquiries>[0]) =>
      (await op.api.whiteLabelEnquiries({ search: 'Filter ', ...body })).data.map((e) => e.brand_name);
    expect(await brands({})).toEqual(['Filter Beta', 'Filter Alpha']);
    expect(await brands({ status: 'lost' })).toEqual(['Filter Beta']);
    expect(await brands({ status: 'new' })).toEqual(['Filter Alpha']);
    expect(await brands({ owner_person_id: op.user.member.person_id })).toEqual(['Filter Alpha']);
    expect(await brands({ owner_person_id: 'none' })).toEqual(['Filter Beta']);
    expect(await brands({ status: 'won' })).toEqual([]);
    const [alpha] = (await op.api.whiteLabelEnquiries({ search: 'Filter Alpha' })).data;
    expect(alpha?.notes.map((n) => n.body)).toEqual(['Owned by Olivia']);
    expect(alpha?.owner).toMatchObject({ email: OPERATOR });

    for (const [body, message] of [
      [{ status: 'open' }, 'Choose a status: new, contacted, won or lost.'],
      [{ owner_person_id: 'nobody' }, 'Choose an owner from the list, or nobody.'],
      [{ search: 'x'.repeat(101) }, 'The search may hold up to 100 characters.'],
    ] as const) {
      const res = await t.post(contract.whiteLabelEnquiries.path, body, op.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.header.message, JSON.stringify(body)).toBe(message);
    }
  });
});
