/**
 * Sessions a person can see (docs/api.md "Sessions and security events"): the list with the device
 * read from the user agent, ending one or every other, another account's session refused as a
 * missing one, the mail on a sign-in from a new device, and the account's own security events.
 */
import { sql } from 'drizzle-orm';
import type { Envelope } from '@partner-panel/sdk';
import { describe, expect, it } from 'vitest';
import { deviceOf } from '../src/modules/auth/signed-in.js';
import { specEnvelope, testApp } from './support/app.js';

const t = await testApp();
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  const csrf = ((await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>).body.csrf_token;
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, json: specEnvelope(res) };
}

async function signInAs(email: string, userAgent: string, ip: string) {
  const csrf = ((await t.app.inject({ method: 'GET', url: '/api/csrf' })).json() as Envelope<{ csrf_token: string }>).body.csrf_token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, 'csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
    payload: { email, password: 'DemoPass2026!' },
  });
  return (res.json() as Envelope<{ access_token: string }>).body.access_token;
}

describe('the device of a session', () => {
  it('reads browser and system from the user agent', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceOf(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf('')).toBe('Unknown device');
    expect(deviceOf('x'.repeat(10_000))).toHaveLength(60);
  });
});

describe("the account's sessions", () => {
  it('lists them with device, address, start and last seen, marks this one, and ends one or every other', async () => {
    const email = 'reseller@demo.partner-panel.test';
    const laptop = await signInAs(email, CHROME_WINDOWS, '10.0.0.5');
    const phone = await signInAs(email, SAFARI_IPHONE, '10.0.0.6');
    const tablet = await signInAs(email, FIREFOX_LINUX, '10.0.0.7');
    const list = (await call('GET', '/api/v1/profile/sessions', laptop)).json.body as { id: number; device: string; ip: string; current: boolean; started_at: string; last_seen_at: string }[];
    expect(list.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Firefox on Linux', '10.0.0.7', false],
      ['Safari on iOS', '10.0.0.6', false],
      ['Chrome on Windows', '10.0.0.5', true],
    ]);
    expect(Date.parse(list[0]?.started_at as string)).toBeGreaterThan(0);

    const ended = await call('POST', '/api/v1/profile/sessions/end', laptop, { id: list[1]?.id });
    expect(ended.json.header).toMatchObject({ code: 20122, message: 'That session is signed out.' });
    // Its next call answers forbidden: the portal goes back to the sign-in page (000 §4).
    expect((await call('GET', '/api/v1/resellers/profile', phone)).json.header).toMatchObject({ status: 'forbidden', code: 'rspf-auth-1006' });
    expect((await call('POST', '/api/v1/profile/sessions/end', laptop, { id: list[1]?.id })).json.header).toMatchObject({ code: 'rspf-session-1071', message: 'This session is not signed in any more.' });

    const others = await call('POST', '/api/v1/profile/sessions/end-others', laptop, {});
    expect(others.json).toMatchObject({ header: { message: '1 other session is signed out.' }, body: { ended: 1 } });
    expect((await call('GET', '/api/v1/resellers/profile', tablet)).json.header.status).toBe('forbidden');
    expect((await call('GET', '/api/v1/resellers/profile', laptop)).json.header.status).toBe('success');
  });

  it("refuses another account's session exactly as a missing one, and ends nothing", async () => {
    const mine = await signInAs('admin@demo.partner-panel.test', CHROME_WINDOWS, '10.1.0.1');
    const theirs = await signInAs('partner@demo.partner-panel.test', CHROME_WINDOWS, '10.1.0.2');
    const [their] = (await call('GET', '/api/v1/profile/sessions', theirs)).json.body as { id: number }[];
    const answers = [];
    for (const id of [their?.id, 2_000_000_000]) answers.push(await call('POST', '/api/v1/profile/sessions/end', mine, { id }));
    for (const answer of answers) expect(answer).toEqual({ status: 404, json: { header: { code: 'rspf-session-1071', status: 'error', message: 'This session is not signed in any more.' }, body: null } });
    expect((await call('GET', '/api/v1/resellers/profile', theirs)).json.header.status).toBe('success');
    for (const id of ['abc', -1, 0, '', null, 99_999_999_999]) {
      const res = await call('POST', '/api/v1/profile/sessions/end', mine, { id });
      expect(res.status, String(id)).toBe(422);
    }
  });
});

describe('a sign-in from a new device', () => {
  it('is mailed, but not the first sign-in nor one from a device used before', async () => {
    const email = 'sub1@demo.partner-panel.test';
    const mails = async () => (await t.mails(email)).filter((m) => m.kind === 'new_device');
    await signInAs(email, CHROME_WINDOWS, '10.2.0.1');
    await signInAs(email, CHROME_WINDOWS, '10.2.0.2');
    expect(await mails()).toHaveLength(0);
    await signInAs(email, SAFARI_IPHONE, '203.0.113.9');
    const [mail] = await mails();
    expect(mail?.subject).toBe('A new sign-in to your Partner Panel account');
    expect(mail?.text).toContain('Safari on iOS, from 203.0.113.9');
    // No time zone of their own: the moment in UTC, and it says so.
    expect(mail?.text).toMatch(/, from 203\.0\.113\.9, on \w+ \d{1,2}, \d{4} at \d{2}:\d{2} (AM|PM) UTC\./);
    await signInAs(email, SAFARI_IPHONE, '203.0.113.10');
    expect(await mails()).toHaveLength(1);
  });

  it("gives the moment in the person's own time zone, naming it", async () => {
    const email = 'sub2@demo.partner-panel.test';
    await t.app.ctx.db.execute(sql`update people set time_zone = 'Asia/Tokyo', verified_at = now() where lower(email) = ${email}`);
    await signInAs(email, CHROME_WINDOWS, '10.4.0.1');
    await signInAs(email, SAFARI_IPHONE, '203.0.113.11');
    const [mail] = (await t.mails(email)).filter((m) => m.kind === 'new_device');
    const [signedIn] = ((await t.app.ctx.db.execute(
      sql`select a.created_at from audit_log a join people p on p.id = a.person_id where lower(p.email) = ${email} and a.action = 'reseller.signed_in' order by a.id desc limit 1`,
    )) as unknown as { rows: { created_at: Date }[] }).rows;
    // The mail's moment is taken just after the audit row's: the same minute, or the next one.
    const tokyo = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' });
    const at = new Date(signedIn?.created_at ?? 0).getTime();
    const said = /at (\d{2}:\d{2} [AP]M) GMT\+9\./.exec(mail?.text ?? '')?.[1];
    expect([tokyo.format(at), tokyo.format(at + 60_000)]).toContain(said);
  });
});

describe("the account's security events", () => {
  it('lists sign-ins, ended sessions and key changes of this account only, newest first', async () => {
    const email = 'partner@demo.partner-panel.test';
    const token = await signInAs(email, FIREFOX_LINUX, '10.3.0.1');
    await call('POST', '/api/v1/profile/sessions/end-others', token, {});
    const events = (await call('GET', '/api/v1/profile/security-events', token)).json.body as { action: string; description: string; ip: string }[];
    expect(events[0]).toMatchObject({ action: 'reseller.other_sessions_ended', ip: '127.0.0.1' });
    expect(events[1]).toMatchObject({ action: 'reseller.signed_in', description: 'Signed in on Firefox on Linux.', ip: '10.3.0.1' });
    expect(events.every((e) => !e.description.includes('Safari on iOS'))).toBe(true);
  });

  it('lists what was done with webhook signing secrets: an endpoint added, its secret replaced, the endpoint deleted', async () => {
    const token = await signInAs('reseller@demo.partner-panel.test', FIREFOX_LINUX, '10.3.0.2');
    const made = await call('POST', '/api/webhook-endpoints/create', token, { url: 'http://127.0.0.1:9/hooks', mode: 'sandbox' });
    expect(made.status).toBe(201);
    const endpointId = (made.json.body as { id: number }).id;
    expect((await call('POST', '/api/webhook-endpoints/rotate-secret', token, { endpointId })).status).toBe(200);
    expect((await call('DELETE', '/api/webhook-endpoints/delete', token, { endpointId })).status).toBe(200);
    const events = (await call('GET', '/api/v1/profile/security-events', token)).json.body as { action: string; description: string }[];
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ action: 'webhook_endpoint.deleted', description: 'The sandbox webhook endpoint http://127.0.0.1:9/hooks was deleted.' }),
      expect.objectContaining({
        action: 'webhook_endpoint.secret_rotated',
        description: 'The signing secret of the sandbox webhook endpoint http://127.0.0.1:9/hooks was replaced; the old one signs for 24 hours more.',
      }),
      expect.objectContaining({
        action: 'webhook_endpoint.created',
        description: 'A sandbox webhook endpoint was added for http://127.0.0.1:9/hooks; its signing secret was shown once.',
      }),
    ]);
  });
});
