/**
 * Records a postpaid account's settlement: `pnpm --filter @partner-panel/server settle <reseller id>
 * <amount in dollars> "<note>"`, e.g. `settle 903 4500.00 "Bank transfer 2026-11-30"`. It writes a
 * `settlement` ledger row that lowers what the account owes, by the rules of the operator's Settle
 * button (operator/resellers.ts: postpaid only, never more than owed). It reaches the database the server
 * uses (DATABASE_URL); while a server runs on the embedded database, point DATABASE_URL at that
 * database's socket: `postgres://postgres@localhost/partner_panel?host=<absolute DATA_DIR>/postgres`.
 */
import { dollarsToCents } from '@partner-panel/sdk';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { settleReseller } from '../modules/operator/resellers.js';
import { formatUsd } from '../modules/wallet/service.js';

const [id, amount, ...note] = process.argv.slice(2);
const cents = dollarsToCents(amount ?? '');
if (!id || !/^\d+$/.test(id) || !cents || note.join(' ').trim() === '') {
  console.error('Usage: settle <reseller id> <amount in dollars> "<note>"');
  process.exit(2);
}
const app = await buildApp({ ...loadConfig(), renewalsIntervalMs: 0 }, { logger: false });
try {
  const after = await settleReseller(app.ctx, null, { id: Number(id), amountCents: cents, note: note.join(' ').trim() });
  console.log(`Recorded ${formatUsd(cents)} for reseller ${id}. ${after.balance < 0 ? `It now owes ${formatUsd(Math.round(-after.balance * 100))}.` : 'It owes nothing.'}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
