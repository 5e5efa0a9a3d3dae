/** The streamed CSV export: a signed two-minute ticket, then the file, on both databases. */
import { describe, expect, it } from 'vitest';
import { manualClock, testApp } from './support/app.js';
import { fundedReseller } from './support/sql.js';

const clock = manualClock();
const t = await testApp({ clock });
const partner = await t.signIn('partner@demo.partner-panel.test');
const admin = await t.signIn('admin@demo.partner-panel.test');
const biennial = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' } as const;
const filter = { code: '', dateStart: '', dateEnd: '', billingType: '' } as const;

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, lines: res.body.trim().split('\n'), json: () => res.json() };
}

describe('coupon export', () => {
  it('streams the filtered list as CSV under a signed ticket, with the date in the file name', async () => {
    const mine = await fundedReseller(t, 'exporter@example.com', 100_000);
    await mine.api.generateCoupons({ ...biennial, quantity: 4, prefix: 'EXP' });
    await mine.api.generateCoupons({ ...biennial, quantity: 2, prefix: 'OTHER' });
    const res = await t.post('/api/v1/coupons/export', { ...filter, code: 'exp' }, mine.token);
    expect(res.json.header).toMatchObject({ code: 70042, status: 'success' });
    const { url } = res.json.body as { url: string; expires_at: string };
    expect(url).toMatch(/^\/api\/v1\/coupons\/export\?ticket=/);
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${clock.now().toISOString().slice(0, 10)}-coupons.csv"`);
    expect(file.lines[0]).toBe('Coupon_ID,Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At');
    expect(file.lines).toHaveLength(5);
    const listed = (await mine.api.listCoupons({ code: 'EXP' })).data;
    const [id, code, type, cycle, redeemed, generated, expires] = (file.lines[1] as string).split(',');
    expect(Number(id)).toBe(listed[0]?.Coupon_ID);
    expect([code, type, cycle, redeemed]).toEqual([listed[0]?.code, 'Recurring', 'biennially', 'no']);
    expect(generated).toBe(listed[0]?.generated_at.replace(/\.\d{3}Z$/, 'Z'));
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('leaves Coupon_ID out for reseller 903, and streams many rows', async () => {
    await partner.api.generateCoupons({ ...biennial, quantity: 10_000 });
    await partner.api.generateCoupons({ ...biennial, quantity: 2_345 });
    const { url } = await partner.api.couponExportTicket(filter);
    const file = await download(url);
    expect(file.lines[0]).toBe('Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At');
    expect(file.lines).toHaveLength(12_346);
    expect(new Set(file.lines.slice(1).map((l) => l.split(',')[0])).size).toBe(12_345);
  });

  it('refuses a tampered or an expired ticket', async () => {
    const { url } = await partner.api.couponExportTicket(filter);
    const tampered = await download(url.replace(/ticket=(.)/, (_, c: string) => `ticket=${c === 'a' ? 'b' : 'a'}`));
    expect(tampered.status).toBe(410);
    expect(tampered.json().header).toMatchObject({ code: 'rspf-coupon-7014', message: 'This download link has expired. Please export again.' });
    clock.advance(2 * 60_000 + 1);
    expect((await download(url)).status).toBe(410);
  });

  it("lets an admin export its own user's coupons, and nobody else's", async () => {
    const { url } = await admin.api.couponExportTicket({ ...filter, id: 1002 });
    expect((await download(url)).status).toBe(200);
    await expect(admin.api.couponExportTicket({ ...filter, id: 1000 })).rejects.toMatchObject({ httpStatus: 404 });
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    await expect(reseller.api.couponExportTicket({ ...filter, id: 1002 })).rejects.toMatchObject({ httpStatus: 403 });
    expect((await t.post('/api/v1/coupons/export', filter)).json.header.status).toBe('forbidden');
  });
});

describe('subscription list export', () => {
  const account = { billing_cycle: 'annually', product_id: 104, billing_type: 1, addon_id: '' } as const;

  it('streams the searched list with the screen’s nine columns, whatever the size, under a signed ticket', async () => {
    const mine = await fundedReseller(t, 'vpn.exporter@example.com', 100_000);
    for (const email of ['one@example.com', 'two@example.com', 'other@example.net']) {
      await mine.api.createVpnAccount({ ...account, email, quantity: 1 });
    }
    const res = await t.post('/api/v1/resellers/vpn/export', { search: 'example.com' }, mine.token);
    expect(res.json.header).toMatchObject({ code: 100062, status: 'success' });
    const { url } = res.json.body as { url: string };
    expect(url).toMatch(/^\/api\/v1\/resellers\/vpn\/export\?ticket=/);
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${clock.now().toISOString().slice(0, 10)}-vpn-subscriptions.csv"`);
    expect(file.lines[0]).toBe('Coupon,Email,VPN Username,Billing Cycle,Billing Type,Addon(s),Status,Start Date,End Date');
    expect(file.lines).toHaveLength(3);
    const listed = (await mine.api.listVpnAccounts({ search: 'example.com' })).data;
    expect(file.lines[1]).toBe(
      `,${listed[0]?.email},${listed[0]?.vpn_username},Annually Plan (12 Months),Recursive,,Active,${listed[0]?.start_date.slice(0, 10)},${listed[0]?.end_date.slice(0, 10)}`,
    );
    // Without a search, every subscription.
    const all = await download((await mine.api.vpnExportTicket({})).url);
    expect(all.lines).toHaveLength(4);
  });

  it("lets an admin export its own user's subscriptions, and nobody else's; refuses a coupon ticket", async () => {
    const { url } = await admin.api.vpnExportTicket({ id: 1002, billingType: 1 });
    expect((await download(url)).lines[0]).toBe('Coupon,Email,VPN Username,Billing Cycle,Billing Type,Addon(s),Status,Start Date,End Date');
    await expect(admin.api.vpnExportTicket({ id: 1000 })).rejects.toMatchObject({ httpStatus: 404 });
    const reseller = await t.signIn('reseller@demo.partner-panel.test');
    await expect(reseller.api.vpnExportTicket({ id: 1002 })).rejects.toMatchObject({ httpStatus: 403 });
    await expect(admin.api.vpnExportTicket({ id: 1002, dateStart: '2026-13-40' })).rejects.toMatchObject({ httpStatus: 422 });
    expect((await t.post('/api/v1/resellers/vpn/export', {})).json.header.status).toBe('forbidden');
    // A coupon ticket does not open the subscription export, nor the other way round.
    const coupons = await admin.api.couponExportTicket(filter);
    expect((await download(coupons.url.replace('/api/v1/coupons/export', '/api/v1/resellers/vpn/export'))).status).toBe(410);
    expect((await download(url.replace('/api/v1/resellers/vpn/export', '/api/v1/coupons/export'))).status).toBe(410);
  });
});
