/** Starts the server: settings from the environment, demo data on a first start, then listen. */
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './modules/demo/seed.js';
import { scheduleRenewals } from './modules/vpn/renewals.js';
import { ensureSandboxKey } from './modules/client-api/keys.js';
import { findResellerByEmail } from './modules/demo/seed.js';

const config = loadConfig();
const app = await buildApp(config);

const seeded = config.demoData ? await seedDemo(app.ctx.db, { partnerCreditLimitCents: config.partnerCreditLimitCents }) : false;
// The renewal job runs in every process; SKIP LOCKED keeps them from renewing an account twice.
if (config.renewalsIntervalMs > 0) {
  const stop = scheduleRenewals(app.ctx, config.renewalsIntervalMs);
  app.addHook('onClose', async () => stop());
}
const address = await app.listen({ port: config.port, host: config.host });
// PORT=0 lets the system choose (several servers on one machine): links then name the port it chose.
if (config.port === 0 && !config.publicUrlSet) config.publicUrl = `http://localhost:${new URL(address).port}`;
const realtimePort = app.ctx.realtime.server ? await app.ctx.realtime.server.listen(config.realtime.port, config.realtime.host) : null;

const lines = [
  '',
  `  Partner Panel is running at ${config.publicUrl}`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PostgreSQL 15, embedded, in ${app.ctx.database.location}`}`,
  realtimePort ? `  Realtime (Pusher protocol): ws://${config.realtime.host}:${realtimePort}` : `  Realtime: publishing to ${config.realtime.apiUrl}`,
];
if (config.demoData) {
  lines.push(seeded ? '  Demo data was created. Sign in with:' : '  Demo sign-ins (created on the first start):');
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(36)} ${a.name}${'id' in a ? ` (id ${a.id})` : ''}`);
  lines.push(`  Password for every demo account: ${DEMO_PASSWORD}`);
  // A client developer's first five minutes: a sandbox key ready for the SDK's quick start.
  const demo = await findResellerByEmail(app.ctx.db, DEMO_ACCOUNTS[0].email);
  const sandboxKey = demo ? await ensureSandboxKey(app.ctx, demo.id) : null;
  if (sandboxKey) lines.push(`  Sandbox API key of ${DEMO_ACCOUNTS[0].email}: ${sandboxKey}`, '    (docs/client-developers.md: from this key to a sandbox VPN user in five minutes)');
}
if (app.ctx.mail.transport === 'outbox' && !config.production) lines.push(`  Sent mail (dev inbox): ${config.publicUrl}/dev/mail`);
console.log(`${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
