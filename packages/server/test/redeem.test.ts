/**
 * Redeeming coupons through the public calls (002 §2, §4, §5, §7): the account it opens, the
 * dedicated-IP step, every message, one answer for every unusable code, the 903 split, a coupon
 * redeemed once under 50 parallel attempts, the limits, CSRF from an embedded page, and the
 * renewal of a redeemed 903 account.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../src/modules/auth/passwords.js';
import { runRenewals } from '../src/modules/vpn/renewals.js';
import { manualClock, specEnvelope, testApp, type TestApp } from './support/app.js';
import { balanceCents, ledger, query } from './support/sql.js';

const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
const t = await testApp({ clock, env: { SESSION_TTL_HOURS: '2160', RATE_LIMIT_REDEEM_PER_IP: '10000', RATE_LIMIT_REDEEM_PER_PREFIX: '10000' } });
const reseller = await t.signIn('reseller@demo.partner-panel.test');
const partner = await t.signIn('partner@demo.partner-panel.test');

const PASSWORD = 'Redeem!Pass2026';
const visitor = (coupon: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  coupon,
  addon_id: '',
  token: '',
  ...extra,
});
const GENERIC = { code: 'rspf-redeem-9001', status: 'error', message: 'This coupon cannot be redeemed. Check the code, or ask the seller who gave it to you.' };

async function coupons(app: TestApp, who: typeof reseller, body: Record<string, unknown>, quantity = 1) {
  const { codes } = await who.api.generateCoupons({ quantity, billing_cycle: 'annually', product_id: 104, addon_type: '', billing_type: 1, prefix: 'RDM', ...body });
  return codes;
}
const partnerCoupon = async () => (await coupons(t, partner, { billing_cycle: 'biennially', product_id: 105, prefix: 'BR' }))[0] as string;

describe('redeeming a coupon (002 §4, §7)', () => {
  it("opens a VPN account of the coupon's reseller on the coupon's plan, mails the user, and marks the coupon redeemed", async () => {
    const [code] = await coupons(t, reseller, {});
    const before = await balanceCents(t, 1000);
    const ledgerBefore = (await ledger(t, 1000)).length;
    const res = await t.post('/api/redeem', visitor(` ${code?.toLowerCase()} `));
    expect(res.status).toBe(200);
    expect(res.json.header).toEqual({ code: 90001, status: 'success', message: 'Your VPN account is ready. We sent the login details to ada@example.com.' });
    const body = res.json.body as { username: string; email: string; plan: string; end_date: string };
    expect(body).toEqual({ username: expect.stringMatching(/^vpn[0-9a-z]{10}$/), email: 'ada@example.com', plan: 'Annually Plan (12 Months)', end_date: '2027-03-01T09:00:00.000Z' });

    const [account] = await query<{ reseller_id: number; coupon_id: number; cycle: string; billing_type: number; source: string; name: string; password_hash: string; hosting_status: string }>(
      t,
      sql`select * from vpn_accounts where username = ${body.username}`,
    );
    const [coupon] = await query<{ id: number; redeemed_at: Date | null; vpn_account_id: number }>(t, sql`select * from coupons where code = ${code}`);
    expect(account).toMatchObject({ reseller_id: 1000, coupon_id: coupon?.id, cycle: 'annually', billing_type: 1, source: 'coupon', name: 'Ada Lovelace', hosting_status: 'active' });
    expect(await verifyPassword(account?.password_hash ?? '', PASSWORD)).toBe(true);
    expect(coupon?.redeemed_at).not.toBeNull();
    // A coupon was paid when it was generated: redeeming moves no money.
    expect(await balanceCents(t, 1000)).toBe(before);
    expect(await ledger(t, 1000)).toHaveLength(ledgerBefore);

    const [mail] = await t.mails('ada@example.com');
    expect(mail?.subject).toBe('Your VPN account is ready');
    expect(mail?.text).toContain(`Username: ${body.username}`);
    expect(mail?.text).not.toContain(PASSWORD);
    expect(await reseller.api.dashboard()).toMatchObject({ total_redeem_coupons: 1 });
    expect((await reseller.api.listCoupons({ code: code as string })).data[0]).toMatchObject({ redeemed: 'yes' });
    expect((await reseller.api.searchVpnAccounts({ search: 'coupon', value: code as string })).account_details[0]).toMatchObject({ vpn_username: body.username, coupon: code });
    const note = JSON.parse((await reseller.api.unreadNotifications()).data[0]?.data ?? '{}');
    expect(note).toMatchObject({ type: 'coupon_redeemed', message: `Coupon ${code} was redeemed by ada@example.com: VPN account ${body.username}.`, redirect: 'vpn/list' });
  });

  it('asks for a dedicated IP location (actionrequired), then redeems with the one picked', async () => {
    const [code] = await coupons(t, reseller, { addon_type: 1, prefix: 'DIP' });
    const asked = await t.post('/api/redeem', visitor(code as string, { email: 'dip@example.com' }));
    expect(asked.status).toBe(200);
    expect(asked.json.header).toEqual({ code: 'rspf-redeem-9002', status: 'actionrequired', message: 'This coupon includes a dedicated IP. Please select its location.' });
    const addons = (asked.json.body as { addons: { id: number; name: string }[] }).addons;
    expect(addons.length).toBeGreaterThan(1);
    expect(addons).toContainEqual({ id: 15, name: 'Germany — Frankfurt' });
    expect(await query(t, sql`select 1 from coupons where code = ${code} and redeemed_at is not null`)).toHaveLength(0);

    const unknown = await t.post('/api/redeem', visitor(code as string, { addon_id: 999 }));
    expect(unknown.status).toBe(422);
    expect(unknown.json.header.message).toBe('Please select Dedicated IP');

    const done = await t.post('/api/redeem', visitor(code as string, { email: 'dip@example.com', addon_id: '15' }));
    expect(done.json.header.status).toBe('success');
    const username = (done.json.body as { username: string }).username;
    const [account] = await query<{ addons: string[]; dedicated_ip_location: string }>(t, sql`select addons, dedicated_ip_location from vpn_accounts where username = ${username}`);
    expect(account).toEqual({ addons: ['dedicated_ip'], dedicated_ip_location: 'Germany — Frankfurt' });
    expect((done.json.body as { plan: string }).plan).toBe('Annually Plan (12 Months) + Dedicated + Portforwarding (Free) (Germany — Frankfurt)');
  });

  it('says every message of 002 §5, and applies the general password rule', async () => {
    const [code] = await coupons(t, reseller, {});
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is Required!'],
      [{ name: '   ' }, 'name', 'Name is Required!'],
      [{ name: undefined }, 'name', 'Name is Required!'],
      [{ name: 'Line\nbreak' }, 'name', 'The name may not contain line breaks or control characters'],
      [{ email: '' }, 'email', 'Email is Required!'],
      [{ email: undefined }, 'email', 'Email is Required!'],
      [{ email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ password: '', password_confirmation: '' }, 'password', 'Password is Required!'],
      [{ password: 'abc', password_confirmation: 'abc' }, 'password', 'Password must contain minimum 12 characters with atleast 1 number, 1 lowercase, 1 uppercase & 1 special character: !@#$%&^_+{}.,'],
      [{ password_confirmation: 'Other!Pass2026' }, 'password_confirmation', "Passwords don't match!"],
      [{ password_confirmation: undefined }, 'password_confirmation', "Passwords don't match!"],
      [{ coupon: '' }, 'coupon', 'Coupon is Required!'],
      [{ coupon: undefined }, 'coupon', 'Coupon is Required!'],
      [{ addon_id: 'x' }, 'addon_id', 'Please select Dedicated IP'],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.post('/api/redeem', visitor(code as string, change));
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.header, JSON.stringify(change)).toEqual({ code: 'rspf-validation-1005', status: 'error', message });
      expect((res.json.body as { errors: Record<string, string[]> }).errors[field], JSON.stringify(change)).toContain(message);
    }
    // None of them touched the coupon.
    expect(await query(t, sql`select 1 from coupons where code = ${code} and redeemed_at is null`)).toHaveLength(1);
  });

  it('gives one answer for an unknown, expired, redeemed or deleted code, and logs the reason', async () => {
    const [redeemed, expired, deleted] = await coupons(t, reseller, { prefix: 'BAD' }, 3);
    expect((await t.post('/api/redeem', visitor(redeemed as string))).json.header.status).toBe('success');
    await t.database.db.execute(sql`update coupons set expires_at = ${new Date('2026-02-01T00:00:00Z')} where code = ${expired}`);
    const [row] = (await reseller.api.listCoupons({ code: deleted as string })).data;
    await reseller.api.deleteCoupon({ couponID: row?.Coupon_ID as number });

    const info = vi.spyOn(t.app.ctx.log, 'info');
    for (const [code, reason] of [['BADNOSUCHCODE0000', 'unknown'], [expired, 'expired'], [redeemed, 'redeemed'], [deleted, 'deleted']] as const) {
      // The request's own log line follows the reason's: the reason is looked for among this request's lines.
      info.mockClear();
      const res = await t.post('/api/redeem', visitor(code as string, { email: 'other@example.com' }));
      expect(res.status, reason).toBe(422);
      expect(res.json.header, reason).toEqual(GENERIC);
      expect(res.json.body, reason).toBeNull();
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ reason, page: 'public' }), 'coupon not redeemed');
    }
    info.mockRestore();
    expect(await query(t, sql`select 1 from vpn_accounts where email = 'other@example.com'`)).toHaveLength(0);
  });

  it("redeems 903's coupons only on the partner call, and the others only on the public one", async () => {
    const code = await partnerCoupon();
    const [other] = await coupons(t, reseller, {});
    const info = vi.spyOn(t.app.ctx.log, 'info');
    expect((await t.post('/api/redeem', visitor(code))).json.header).toEqual(GENERIC);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ reason: 'partner_coupon_on_public_page' }), 'coupon not redeemed');
    info.mockClear();
    expect((await t.post('/api/redeem/brainrocket', visitor(other as string))).json.header).toEqual(GENERIC);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ reason: 'public_coupon_on_partner_page' }), 'coupon not redeemed');
    info.mockRestore();

    const res = await t.post('/api/redeem/brainrocket', visitor(code, { email: 'fan@example.com' }));
    expect(res.json.header).toMatchObject({ code: 90001, status: 'success' });
    const [account] = await query<{ reseller_id: number; cycle: string; billing_type: number }>(
      t,
      sql`select reseller_id, cycle, billing_type from vpn_accounts where username = ${(res.json.body as { username: string }).username}`,
    );
    expect(account).toEqual({ reseller_id: 903, cycle: 'biennially', billing_type: 1 });
    expect((await t.post('/api/redeem', visitor(other as string))).json.header.status).toBe('success');
  });

  it('redeems a coupon once under 50 parallel attempts', async () => {
    const [code] = await coupons(t, reseller, { prefix: 'RACE' });
    const token = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    // Each racer from its own address, as racing customers are: on a busy machine a late racer's
    // lookup may already see the coupon redeemed, which counts as a refusal of its address, and
    // fifty of them from one address would lock out the address the later tests use.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/redeem', remoteAddress: `10.50.0.${i + 1}`, headers: { 'csrf-token': token }, payload: visitor(code as string, { email: `racer${i}@example.com` }) }),
      ),
    );
    const headers = answers.map((a) => specEnvelope(a).header as { status: string; code: string | number });
    expect(headers.filter((h) => h.status === 'success')).toHaveLength(1);
    expect(headers.filter((h) => h.code === GENERIC.code)).toHaveLength(49);
    const [coupon] = await query<{ id: number }>(t, sql`select id from coupons where code = ${code}`);
    expect(await query(t, sql`select 1 from vpn_accounts where coupon_id = ${coupon?.id}`)).toHaveLength(1);
    const [counter] = await query<{ coupons_redeemed: number }>(t, sql`select coupons_redeemed from resellers where id = 1000`);
    const redeemed = await query(t, sql`select 1 from coupons where reseller_id = 1000 and redeemed_at is not null`);
    expect(counter?.coupons_redeemed).toBe(redeemed.length);
  });

  it("renews a redeemed 903 account by debiting 903's ledger once per period", async () => {
    const code = await partnerCoupon();
    const res = await t.post('/api/redeem/brainrocket', visitor(code, { email: 'renewing-fan@example.com' }));
    const username = (res.json.body as { username: string }).username;
    const [account] = await query<{ id: number; end_at: Date }>(t, sql`select id, end_at from vpn_accounts where username = ${username}`);
    const renewals = async () => (await ledger(t, 903)).filter((row) => row.kind === 'vpn_renewal' && row.reference?.startsWith(`vpn_account:${account?.id}:`));
    // Every other due account is out of the way: only this one is renewed here.
    await t.database.db.execute(sql`update vpn_accounts set hosting_status = 'suspended' where id <> ${account?.id} and billing_type = 1`);
    const before = await balanceCents(t, 903);

    clock.set(new Date(new Date(account?.end_at ?? 0).getTime() + 1000));
    expect(await runRenewals(t.app.ctx)).toMatchObject({ renewed: 1, suspended: 0 });
    expect(await runRenewals(t.app.ctx)).toMatchObject({ renewed: 0 });
    const rows = await renewals();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount_cents).toBe(-4_500);
    expect(await balanceCents(t, 903)).toBe(before - 4_500);
    const [renewed] = await query<{ end_at: Date; hosting_status: string }>(t, sql`select end_at, hosting_status from vpn_accounts where id = ${account?.id}`);
    expect(renewed?.hosting_status).toBe('active');
    expect(new Date(renewed?.end_at ?? 0).toISOString()).toBe('2030-03-01T09:00:00.000Z');
    clock.set(new Date('2026-03-01T09:00:00Z'));
  });
});

describe("a reseller's allowlist on the redeem call (docs/api.md, Embed allowlist)", () => {
  const from = async (code: string, pageReseller: string | undefined, email: string) => {
    const token = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    const headers: Record<string, string> = { 'csrf-token': token, ...(pageReseller === undefined ? {} : { 'redeem-reseller': pageReseller }) };
    const res = await t.app.inject({ method: 'POST', url: '/api/redeem', headers, payload: visitor(code, { email }) });
    return specEnvelope(res).header as { code: string | number };
  };

  it("redeems an allowlisted reseller's coupon only on its own page or one no other site may frame", async () => {
    await reseller.api.updateRedeemEmbed({ allowed_origins: ['https://shop.example.com'] });
    try {
      const codes = await coupons(t, reseller, { prefix: 'LIST' }, 5);
      // Northwind set no allowlist: any site may frame its page, so it redeems none of these.
      expect(await from(codes[0] as string, 'northwind', 'a1@example.com')).toEqual(GENERIC);
      expect(await from(codes[0] as string, 'NorthWind', 'a1@example.com')).toEqual(GENERIC);
      expect(await from(codes[0] as string, 'demo-reseller', 'a1@example.com')).toMatchObject({ code: 90001 });
      expect(await from(codes[1] as string, '', 'a2@example.com')).toMatchObject({ code: 90001 });
      expect(await from(codes[2] as string, 'does-not-exist', 'a3@example.com')).toMatchObject({ code: 90001 });
      expect(await from(codes[3] as string, undefined, 'a4@example.com')).toMatchObject({ code: 90001 });
      // A coupon of a reseller without a list redeems on any page.
      await reseller.api.updateRedeemEmbed({ allowed_origins: [] });
      expect(await from(codes[4] as string, 'northwind', 'a5@example.com')).toMatchObject({ code: 90001 });
    } finally {
      await reseller.api.updateRedeemEmbed({ allowed_origins: [] });
    }
  });
});

describe('CSRF from a page framed on a partner site', () => {
  const raw = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/redeem', headers: { 'content-type': 'application/json', ...headers }, payload: visitor('NOSUCHCODE') });

  it('needs the header; a token this server signed passes without the cookie browsers withhold there', async () => {
    expect((await raw({})).json()).toMatchObject({ header: { code: 'rspf-csrf-1001' } });
    const token = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    expect((await raw({ 'csrf-token': token })).json()).toMatchObject({ header: GENERIC });
    expect((await raw({ 'csrf-token': 'forged.signature' })).json()).toMatchObject({ header: { code: 'rspf-csrf-1002' } });
    // A cookie, when the browser sends one, must still match.
    const other = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    expect((await raw({ 'csrf-token': token, cookie: `XSRF-TOKEN=${other}` })).json()).toMatchObject({ header: { code: 'rspf-csrf-1002' } });
  });

  it('keeps the cookie pair for the portal’s own calls', async () => {
    const token = ((await t.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'csrf-token': token }, payload: { email: 'x@example.com', password: 'x' } });
    expect(res.json()).toMatchObject({ header: { code: 'rspf-csrf-1001' } });
  });
});

const strict = await testApp({ env: { RATE_LIMIT_REDEEM_PER_IP: '4', RATE_LIMIT_REDEEM_PER_PREFIX: '3' } });
const seller = await strict.signIn('reseller@demo.partner-panel.test');

describe('limits on guessing', () => {
  async function attempt(code: string, ip: string) {
    const token = ((await strict.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    const res = await strict.app.inject({ method: 'POST', url: '/api/redeem', remoteAddress: ip, headers: { 'csrf-token': token }, payload: visitor(code) });
    return { status: res.statusCode, header: res.json().header as { code: string | number; message: string } };
  }

  it('refuses an address past its limit', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt(`IPGUESS${i}00000000000000`, '10.0.0.1')).header.code).toBe(GENERIC.code);
    const refused = await attempt('IPGUESS500000000000000', '10.0.0.1');
    expect(refused.status).toBe(429);
    expect(refused.header.code).toBe('rspf-throttle-1007');
    expect((await attempt('IPGUESS600000000000000', '10.0.0.2')).header.code).toBe(GENERIC.code);
  });

  it('answers guesses of a prefix that refused too many with 429 from any address, and still redeems its valid codes', async () => {
    const [real, other] = await coupons(strict, seller, { prefix: 'SHOP' }, 2);
    const [elsewhere] = await coupons(strict, seller, { prefix: 'MALL' });
    expect((await attempt(real as string, '10.1.0.1')).header.code).toBe(90001);
    for (const [i, ip] of ['10.1.0.2', '10.1.0.3', '10.1.0.4'].entries()) {
      expect((await attempt(`SHOP${String(i).repeat(12)}`, ip)).header.code).toBe(GENERIC.code);
    }
    // The prefix is hot: one more guess of it, from a fresh address, is told to wait...
    const hot = await attempt('SHOP777777777777', '10.1.0.5');
    expect(hot.status).toBe(429);
    expect(hot.header.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // ...and that address, now a guesser, waits even with a valid code.
    expect((await attempt(other as string, '10.1.0.5')).status).toBe(429);
    // A customer who has not been guessing redeems a valid code of the hot prefix.
    expect((await attempt(other as string, '10.1.0.6')).header.code).toBe(90001);
    expect((await attempt(elsewhere as string, '10.1.0.7')).header.code).toBe(90001);
  });
});

const door = await testApp();
const owner = await door.signIn('reseller@demo.partner-panel.test');
const other = await door.signIn('admin@demo.partner-panel.test');

describe('the redeem door at the default settings (002 §1, §4: a customer holding a valid code can redeem it)', () => {
  const send = async (code: string, ip: string) => {
    const token = ((await door.get('/api/csrf')).json.body as { csrf_token: string }).csrf_token;
    const res = await door.app.inject({ method: 'POST', url: '/api/redeem', remoteAddress: ip, headers: { 'csrf-token': token }, payload: visitor(code, { email: `${ip}@example.com` }) });
    const json = specEnvelope(res);
    return { status: res.statusCode, header: json.header as { code: string | number; message: string }, body: json.body as unknown };
  };
  const guess = (prefix: string) => {
    const random = Array.from({ length: 12 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join('');
    return `${prefix}${random}`;
  };
  /** 125 guesses from five addresses, 25 each: under the per-address limit of 30 redeem calls. */
  async function guessFrom(prefix: string, net: string) {
    const answers: number[] = [];
    for (let a = 1; a <= 5; a++) for (let i = 0; i < 25; i++) answers.push((await send(guess(prefix), `${net}.${a}`)).status);
    return answers;
  }

  it('redeems a prefix-less coupon of another reseller, and one of the guessed prefix, from a sixth address after 125 guesses', async () => {
    const answers = await guessFrom('', '10.20.0');
    // Each address had ten refusals, then waited: guessing was counted, per address.
    expect(answers.filter((s) => s === 422)).toHaveLength(50);
    expect(answers.filter((s) => s === 429)).toHaveLength(75);
    const [prefixLess] = await coupons(door, other, { prefix: '' });
    expect(prefixLess).toMatch(/^[0-9A-Z]{12}$/);
    expect((await send(prefixLess as string, '10.20.0.6')).header.code).toBe(90001);

    await guessFrom('SHOP', '10.21.0');
    const [shop] = await coupons(door, owner, { prefix: 'SHOP' });
    expect((await send(shop as string, '10.20.0.6')).header.code).toBe(90001);
    // The guessers still wait.
    expect((await send(shop as string, '10.21.0.1')).status).toBe(429);
  });

  it('gives a guessing address one identical answer for unknown, expired, redeemed and deleted codes', async () => {
    const [redeemed, expired, deleted] = await coupons(door, owner, { prefix: 'SAME' }, 3);
    expect((await send(redeemed as string, '10.22.0.9')).header.code).toBe(90001);
    await door.database.db.execute(sql`update coupons set expires_at = ${new Date('2020-01-01T00:00:00Z')} where code = ${expired}`);
    const [row] = (await owner.api.listCoupons({ code: deleted as string })).data;
    await owner.api.deleteCoupon({ couponID: row?.Coupon_ID as number });
    for (const code of ['SAMENOSUCHCODE00', expired, redeemed, deleted]) {
      const answer = await send(code as string, '10.22.0.1');
      expect(answer.status).toBe(422);
      expect(answer.header).toEqual(GENERIC);
      expect(answer.body).toBeNull();
    }
  });

  it('makes an address wait longer after each lockout within a day', async () => {
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) expect((await send(guess('ESC'), '10.23.0.1')).status).toBe(422);
      const refused = await send(guess('ESC'), '10.23.0.1');
      expect(refused.status).toBe(429);
      waits.push((refused.body as { retry_after: number }).retry_after);
      // The wait runs out (and the per-address call counter with it).
      await door.database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key in ('redeem-locked:10.23.0.1') or key like 'ip:%'`);
    }
    expect(waits.map((w) => Math.round(w / 60))).toEqual([15, 30, 60]);
  });
});
