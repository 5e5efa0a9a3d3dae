/**
 * `pnpm start`'s server on the supported runtime: the built server (`node dist/main.js`) with its
 * embedded PostgreSQL, SIGKILLed and started again on the same data folder, is ready within 3 s
 * (crash recovery included), and its --verbose banner says where the time went.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { imageSettings } from '../test/support/deploy.js';
import { freePort, ready, startProcess, until, workDir, type Proc } from './stack.js';

const dir = workDir();
const running: Proc[] = [];
afterAll(async () => {
  for (const proc of running) await proc.stop();
  dir.remove();
});

it('is ready within 3 s of a start after a SIGKILL, on the embedded PostgreSQL', async () => {
  const port = await freePort();
  const env = { DATA_DIR: join(dir.path, 'data'), HOST: '127.0.0.1', PORT: String(port), REALTIME_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  const { command } = imageSettings();
  const first = startProcess('first start', command, env);
  running.push(first);
  // The first start makes the cluster, migrates and creates the demo data.
  await until(first, 'readiness', () => ready(port), 120_000);
  first.child.kill('SIGKILL');
  await first.exited;

  const began = performance.now();
  const second = startProcess('start after SIGKILL', [...command, '--verbose'], env);
  running.push(second);
  await until(second, 'readiness', () => ready(port), 60_000);
  const readyMs = Math.round(performance.now() - began);
  await until(second, 'its banner', () => /Start-up took[\s\S]*\n\n/.test(second.output));
  const report = /( {2}Start-up took[\s\S]*?)\n\n/.exec(second.output)?.[1] ?? '';
  process.stdout.write(`\nThe embedded server on Node ${process.version}, ready ${readyMs} ms after its start following a SIGKILL:\n${report}\n`);
  for (const phase of ['embedded PostgreSQL started (crash recovery included)', 'migrations checked', 'demo data checked', 'listening']) expect(report).toContain(phase);
  expect(readyMs).toBeLessThanOrEqual(3000);
}, 240_000);
