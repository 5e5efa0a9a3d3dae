/**
 * Export CSV (001 §2.3, §9): after 500 ms, the whole filtered list, named <date>-coupons.csv,
 * without Coupon_ID for reseller 903. Up to 5 000 rows the list is fetched as the spec's browser
 * does (page_limit = total) and written here; past that the server streams the file.
 */
import { TIMINGS_MS } from '@partner-panel/sdk';
import { dataProvider } from '../../providers';
import { download, followDownload, toCsv, today } from '../../layout/csv';

export const STREAM_THRESHOLD = 5_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function exportCoupons(opts: { filter: Record<string, unknown>; total: number; capped: boolean; partner: boolean; userId?: number }) {
  await wait(TIMINGS_MS.couponExportDelay);
  if (opts.capped || opts.total > STREAM_THRESHOLD) {
    const { url } = await dataProvider.couponExportLink(opts.filter, opts.userId);
    followDownload(url);
    return;
  }
  const { data } = await dataProvider.allCoupons(opts.filter, opts.total, opts.userId);
  const header = [...(opts.partner ? [] : ['Coupon_ID']), 'Code', 'Billing Type', 'Redeemed', 'Generated At'];
  const rows = data.map((c) => [
    ...(opts.partner ? [] : [c.Coupon_ID]),
    c.code,
    c.billing_type === 1 ? 'Recurring' : 'Onetime',
    c.redeemed,
    new Date(c.generated_at).toLocaleString('en-US'),
  ]);
  download(`${today()}-coupons.csv`, toCsv(header, rows));
}
