/** The streamed CSV export: a signed two-minute ticket, then the file, on both databases. */
import { describe, expect, it } from 'vitest';
import type { Invoice, Transaction } from '@partner-panel/sdk';
import { manualClock, testApp } from './support/app.js';
import { payTestCard, startTestCard, CARDS } from './support/billing.js';
import { fundedReseller } from './support/sql.js';
import { redeemCoupon } from '../src/modules/redeem/service.js';

const clock = manualClock();
const t = await testApp({ clock });
const partner = await t.signIn('partner@demo.partner-panel.test');
const admin = await t.signIn('admin@demo.partner-panel.test');
const biennial = { quantity: 1, billing_cycle: 'biennially', product_id: 105, addon_type: '', billing_type: 1, prefix: '' } as const;
const filter = { code: '', dateStart: '', dateEnd: '', billingType: '' } as const;

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, lines: res.body.trim().split('\n'), rows: () => csvRows(res.body), json: () => res.json() };
}

/** The file's records as RFC 4180 reads them (a quoted field may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) field += c;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      out.push(row);
      row = [];
    }
  }
  if (field || row.length) {
    endField();
    out.push(row);
  }
  return out;
}

/** A time of the API (with milliseconds) as the files write it, or '' for none. */
const fileTime = (iso: string | null | undefined) => (iso ? iso.replace(/\.\d{3}Z$/, 'Z') : '');
/** Dollars of the API as the files write them: two decimals, no symbol. */
const fileMoney = (dollars: number) => dollars.toFixed(2);

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
    expect(file.lines[0]).toBe('Coupon_ID,Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At,Plan,Addon,Redeemed At,Redeemed By');
    expect(file.lines).toHaveLength(5);
    const listed = (await mine.api.listCoupons({ code: 'EXP' })).data;
    const [id, code, type, cycle, redeemed, generated, expires] = (file.lines[1] as string).split(',');
    expect((file.lines[1] as string).split(',').slice(7)).toEqual(['Biennially Plan (2 Years)', '', '', '']);
    expect(Number(id)).toBe(listed[0]?.Coupon_ID);
    expect([code, type, cycle, redeemed]).toEqual([listed[0]?.code, 'Recurring', 'biennially', 'no']);
    expect(generated).toBe(listed[0]?.generated_at.replace(/\.\d{3}Z$/, 'Z'));
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("writes every column of the list, each row the list call's row: plan, addon, redeemed at and by", async () => {
    const mine = await fundedReseller(t, 'columns@example.com', 100_000);
    await mine.api.generateCoupons({ ...biennial, quantity: 2, addon_type: 1, prefix: 'COL' });
    const { codes } = await mine.api.generateCoupons({ ...biennial, quantity: 1, prefix: 'COL' });
    const pass = 'Redeem!Pass2026';
    await redeemCoupon(t.app.ctx, 'public', { name: 'Buyer', email: 'col-buyer@example.com', password: pass, coupon: codes[0] as string, addon_id: null, token: '' }, '127.0.0.1');
    const file = await download((await mine.api.couponExportTicket({ ...filter, code: 'COL' })).url);
    const [header, ...records] = file.rows();
    expect(header).toEqual(['Coupon_ID', 'Code', 'Billing Type', 'Billing Cycle', 'Redeemed', 'Generated At', 'Expires At', 'Plan', 'Addon', 'Redeemed At', 'Redeemed By']);
    const listed = (await mine.api.listCoupons({ ...filter, code: 'COL' })).data;
    expect(records).toEqual(
      listed.map((c) => [
        String(c.Coupon_ID),
        c.code,
        c.billing_type === 1 ? 'Recurring' : 'Onetime',
        c.billing_cycle,
        c.redeemed,
        fileTime(c.generated_at),
        fileTime(c.expires_at),
        c.plan,
        c.addon ?? '',
        fileTime(c.redeemed_at),
        c.redeemed_by ?? '',
      ]),
    );
    expect(records.some((r) => r[8] !== '')).toBe(true);
    expect(records.some((r) => r[10] === 'col-buyer@example.com')).toBe(true);
    // The list's filters hold: only the redeemed one.
    const redeemed = await download((await mine.api.couponExportTicket({ ...filter, code: 'COL', redeemed: 'yes' })).url);
    expect(redeemed.rows().slice(1).map((r) => r[1])).toEqual([codes[0]]);
  });

  it('leaves Coupon_ID out for reseller 903, and streams many rows', async () => {
    await partner.api.generateCoupons({ ...biennial, quantity: 10_000 });
    await partner.api.generateCoupons({ ...biennial, quantity: 2_345 });
    const { url } = await partner.api.couponExportTicket(filter);
    const file = await download(url);
    expect(file.lines[0]).toBe('Code,Billing Type,Billing Cycle,Redeemed,Generated At,Expires At,Plan,Addon,Redeemed At,Redeemed By');
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

describe('transactions export', () => {
  it("streams the searched ledger with every column of the list, each row the list call's row, money with two decimals", async () => {
    const mine = await fundedReseller(t, 'ledger.exporter@example.com', 100_000);
    await mine.api.generateCoupons({ ...biennial, quantity: 2, prefix: 'TXE' });
    const { codes } = await mine.api.generateCoupons({ ...biennial, quantity: 1, prefix: 'TXF' });
    const [coupon] = (await mine.api.listCoupons({ ...filter, code: codes[0] as string })).data;
    await mine.api.deleteCoupon({ couponID: coupon?.Coupon_ID as number });
    await payTestCard(mine.api, CARDS.ok, { amount: 2500 });
    // The deposit is credited when the gateway's event arrives.
    await expect.poll(async () => (await mine.api.transactions()).total).toBe(5);

    const res = await t.post('/api/v1/resellers/transactions/export', {}, mine.token);
    expect(res.json.header).toMatchObject({ code: 40008, status: 'success' });
    const { url } = res.json.body as { url: string };
    expect(url).toMatch(/^\/api\/v1\/resellers\/transactions\/export\?ticket=/);
    const file = await download(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${clock.now().toISOString().slice(0, 10)}-transactions.csv"`);
    const [header, ...records] = file.rows();
    expect(header).toEqual(['Date', 'Transaction ID', 'Gateway', 'Description', 'Amount In', 'Amount Out', 'Balance After', 'Invoice']);
    const row = (x: Transaction) => [fileTime(x.date), x.transaction_id, x.gateway, x.description, fileMoney(x.amount_in), fileMoney(x.amount_out), fileMoney(x.balance_after), x.invoice_id === null ? '' : String(x.invoice_id)];
    const listed = await mine.api.transactions({ page_limit: 100 });
    expect(records).toEqual(listed.transactions.map(row));
    expect(records.some((r) => r[2] === 'Test Gateway' || r[7] !== '')).toBe(true);
    expect(records.map((r) => r[4])).toContain('1000.00');

    // The list's search holds.
    const searched = await download((await mine.api.transactionExportTicket({ search: 'Test funds' })).url);
    expect(searched.rows().slice(1)).toEqual((await mine.api.transactions({ search: 'Test funds', page_limit: 100 })).transactions.map(row));
    expect(searched.rows()).toHaveLength(2);
  });

  it('inlines any search safely into the COPY: quotes, backslashes and wildcards match literally, as in the list', async () => {
    const mine = await fundedReseller(t, 'ledger.nasty@example.com', 5_000);
    for (const search of ["it's", "'); drop table wallet_ledger; --", '\\', '%', '_', 'Test funds\'', '$50.00', 'WLT-1', '#1']) {
      const tx = await download((await mine.api.transactionExportTicket({ search })).url);
      expect(tx.status, search).toBe(200);
      expect(tx.rows().length - 1, search).toBe((await mine.api.transactions({ search })).total);
      const inv = await download((await mine.api.invoiceExportTicket({ search })).url);
      expect(inv.status, search).toBe(200);
      expect(inv.rows().length - 1, search).toBe((await mine.api.invoices({ search })).total);
    }
    expect((await download((await mine.api.transactionExportTicket({ search: 'Test funds' })).url)).rows()).toHaveLength(2);
  });

  it('is refused to reseller 903 and without a session; its ticket opens no other export', async () => {
    await expect(partner.api.transactionExportTicket({})).rejects.toMatchObject({ httpStatus: 403 });
    expect((await t.post('/api/v1/resellers/transactions/export', {})).json.header.status).toBe('forbidden');
    const mine = await fundedReseller(t, 'ledger.kinds@example.com', 5_000);
    const { url } = await mine.api.transactionExportTicket({});
    const ticket = url.split('?')[1];
    for (const other of ['/api/v1/resellers/invoices/export', '/api/v1/coupons/export', '/api/v1/resellers/vpn/export']) {
      expect((await download(`${other}?${ticket}`)).status, other).toBe(410);
    }
    const invoices = await mine.api.invoiceExportTicket({});
    expect((await download(invoices.url.replace('/invoices/export', '/transactions/export'))).status).toBe(410);
  });
});

describe('invoices export', () => {
  it("streams the searched invoices (or the unpaid ones) with every column of the list, each row the list call's row", async () => {
    const mine = await fundedReseller(t, 'invoice.exporter@example.com', 0, { parentId: 1001 });
    await admin.api.createUserInvoice({ user_reseller_id: mine.id, amount: 120.5 });
    const sent = await admin.api.createUserInvoice({ user_reseller_id: mine.id, amount: 300 });
    await startTestCard(mine.api, CARDS.ok, { amount: 2000.25 });
    await payTestCard(mine.api, CARDS.ok, { invoiceId: sent.invoice_id });
    await expect.poll(async () => (await mine.api.invoice({ id: sent.invoice_id })).status).toBe('Paid');

    const res = await t.post('/api/v1/resellers/invoices/export', {}, mine.token);
    expect(res.json.header).toMatchObject({ code: 40010, status: 'success' });
    const file = await download((res.json.body as { url: string }).url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${clock.now().toISOString().slice(0, 10)}-invoices.csv"`);
    const [header, ...records] = file.rows();
    expect(header).toEqual(['Invoice', 'Date', 'Due Date', 'Date Paid', 'Description', 'Payment Method', 'Total', 'Status']);
    const row = (i: Omit<Invoice, 'transactions'>) => [String(i.id), fileTime(i.date), fileTime(i.duedate), fileTime(i.datepaid), i.description, i.payment_method ?? '', fileMoney(i.total), i.status];
    const listed = await mine.api.invoices({ page_limit: 100 });
    expect(listed.total).toBe(3);
    expect(records).toEqual(listed.invoices.map(row));
    expect(records.map((r) => r[7]).sort()).toEqual(['Paid', 'Pending', 'Unpaid']);
    expect(records.map((r) => r[6])).toContain('120.50');

    // Unpaid Invoices' export: its own list, under its search.
    const unpaid = await download((await mine.api.invoiceExportTicket({ unpaid: true })).url);
    expect(unpaid.headers['content-disposition']).toBe(`attachment; filename="${clock.now().toISOString().slice(0, 10)}-unpaid-invoices.csv"`);
    expect(unpaid.rows().slice(1)).toEqual((await mine.api.unpaidInvoices({ page_limit: 100 })).invoices.map(row));
    expect(unpaid.rows()).toHaveLength(2);
    const searched = await download((await mine.api.invoiceExportTicket({ search: 'paid' })).url);
    expect(searched.rows().slice(1)).toEqual((await mine.api.invoices({ search: 'paid', page_limit: 100 })).invoices.map(row));
    await expect(mine.api.invoiceExportTicket({ unpaid: 'yes' as unknown as boolean })).rejects.toMatchObject({ httpStatus: 422 });
  });
});
