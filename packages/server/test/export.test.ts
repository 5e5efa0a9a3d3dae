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
