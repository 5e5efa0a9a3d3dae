/** Starts the server (through main.ts): settings from the environment, demo data on a first start, then listen. */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_MEMBERS, DEMO_OPERATOR, DEMO_PASSWORD, seedDemo } from './modules/demo/seed.js';
import { ensureOperator } from './modules/operator/account.js';
import { ROLE_NAMES } from '@partner-panel/sdk';
import { ensureSandboxKey } from './modules/client-api/keys.js';
import { findResellerByEmail } from './modules/demo/seed.js';
import { explainStartupFailure, listenFailure, warmUpLibraries } from './ops/startup.js';

/** Where start-up time goes, printed with `--verbose`. */
function phases() {
  const began = performance.now();
  let last = began;
  const done: string[] = [];
  return {
    mark(phase: string) {
      const now = performance.now();
      done.push(`    ${String(Math.round(now - last)).padStart(6)} ms  ${phase}`);
      last = now;
    },
    report: () => `  Start-up took ${Math.round(last - began)} ms, after ${Math.round(began)} ms loading the code:\n${done.join('\n')}`,
  };
}
const timing = phases();

async function start(config: Config, app: FastifyInstance) {
  timing.mark('routes and adapters ready');
  const seeded = config.demoData ? await seedDemo(app.ctx.db, { partnerCreditLimitCents: config.partnerCreditLimitCents }) : false;
  const operator = await ensureOperator(app.ctx);
  timing.mark(config.demoData ? 'demo data checked' : 'no demo data');
  const address = await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenFailure(error, 'the HTTP server', 'PORT', config.port, config.host);
  });
  // PORT=0 lets the system choose (several servers on one machine): links then name the port it chose.
  if (config.port === 0 && !config.publicUrlSet) config.publicUrl = `http://localhost:${new URL(address).port}`;
  const realtime = app.ctx.realtime.server;
  const realtimePort = realtime
    ? await realtime.listen(config.realtime.port, config.realtime.host).catch((error: unknown) => {
        throw listenFailure(error, 'the realtime socket server', 'REALTIME_PORT', config.realtime.port, config.realtime.host);
      })
    : null;
  timing.mark('listening');
  warmUpLibraries(app.log);

  const lines = [
    '',
    `  Partner Panel is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PostgreSQL 15, embedded, in ${app.ctx.database.location}`}`,
    realtimePort
      ? `  Realtime (Pusher protocol): ws://${config.realtime.host}:${realtimePort}${config.realtime.bus === 'postgres' ? ', fed by the PostgreSQL bus' : ''}`
      : config.realtime.driver === 'bus'
        ? '  Realtime: sending events on the PostgreSQL bus to the socket processes'
        : `  Realtime: publishing to ${config.realtime.apiUrl}`,
  ];
  if (config.demoData) {
    lines.push(seeded ? '  Demo data was created. Sign in with:' : '  Demo sign-ins (created on the first start):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(36)} ${a.name}${'id' in a ? ` (id ${a.id})` : ''}`);
    const team = DEMO_ACCOUNTS.find((a) => a.key === 'reseller');
    for (const m of DEMO_MEMBERS) lines.push(`    ${m.email.padEnd(36)} ${ROLE_NAMES[m.role]} member of ${team?.name ?? m.of}`);
    lines.push(`    ${DEMO_OPERATOR.email.padEnd(36)} the operator (the provider's own account: its catalogue; no second factor asked in the demo)`);
    lines.push(`  Password for every demo account: ${DEMO_PASSWORD}`);
    // A client developer's first five minutes: a sandbox key ready for the SDK's quick start.
    const demo = await findResellerByEmail(app.ctx.db, DEMO_ACCOUNTS[0].email);
    const sandboxKey = demo ? await ensureSandboxKey(app.ctx, demo.id) : null;
    if (sandboxKey) lines.push(`  Sandbox API key of ${DEMO_ACCOUNTS[0].email}: ${sandboxKey}`, '    (docs/client-developers.md: from this key to a sandbox VPN user in five minutes)');
  }
  if ('conflict' in operator) lines.push(`  OPERATOR_EMAIL ${operator.conflict} already signs in as a reseller: no operator account was made.`);
  else if (operator.made) lines.push(`  Operator account made for ${operator.email}: a link to set its password was mailed; every member signs in with a second factor.`);
  else if (operator.email && !config.demoData) lines.push(`  Operator: ${operator.email}${operator.twoFactorRequired ? ' (second factor required of every member)' : ''}`);
  if (app.ctx.mail.transport === 'outbox' && !config.production) lines.push(`  Sent mail (dev inbox): ${config.publicUrl}/dev/mail`);
  timing.mark('banner ready (sandbox key checked)');
  if (process.argv.includes('--verbose')) lines.push('', timing.report());
  // The banner is for the person at the terminal, not a log line.
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * A graceful stop: readiness answers 503 at once while requests are still served for the drain
 * period (the proxy's health check takes this process out), then the server stops accepting,
 * finishes the requests and jobs in hand within the timeout, closes realtime sockets with 4200
 * (reconnect at once, to another process) and stops the database.
 */
function stopOnSignals(config: Config, app: FastifyInstance) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.ctx.lifecycle.draining = true;
      app.log.info({ signal, drain_ms: config.shutdown.drainMs, timeout_ms: config.shutdown.timeoutMs }, 'shutting down');
      const deadline = setTimeout(() => {
        app.log.error({ timeout_ms: config.shutdown.timeoutMs }, 'shutdown timed out with work still in hand (SHUTDOWN_TIMEOUT_SECONDS)');
        process.exit(1);
      }, config.shutdown.drainMs + config.shutdown.timeoutMs);
      deadline.unref();
      setTimeout(() => {
        app
          .close()
          .then(() => process.exit(0))
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          });
      }, config.shutdown.drainMs);
    });
  }
}

let app: FastifyInstance | null = null;
try {
  const config = loadConfig();
  app = await buildApp(config, { onPhase: (phase) => timing.mark(phase) });
  await start(config, app);
  stopOnSignals(config, app);
} catch (error) {
  // One sentence, a non-zero exit, and nothing left running (the embedded database stops with the app).
  console.error(`\n  ${explainStartupFailure(error)}\n`);
  await app?.close().catch(() => undefined);
  process.exit(1);
}
