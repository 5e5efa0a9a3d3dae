/**
 * The started server at rest: `node dist/main.js` as `pnpm start` runs it (embedded PostgreSQL 15,
 * demo data, the built portal), on a first start and on a restart of the same data folder.
 * Goal: the server process at most 200 MB RSS when idle. PostgreSQL's own processes are shown
 * beside it as PSS (their shared buffers are counted once, not once per process).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDataDir, row } from './harness.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const MB = 1024;

function kb(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
}

/** The postmaster and every process it started. */
function postgresProcesses(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

async function startOnce(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', REALTIME_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  while (!/Partner Panel is running at [\s\S]*\n\n/.test(output)) {
    if (child.exitCode !== null) throw new Error(output);
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  // At rest: start-up garbage collected as it would be over the first seconds of a quiet server.
  await new Promise((r) => setTimeout(r, 5_000));
  const rss = kb(child.pid as number, 'status', 'VmRSS');
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pg = postgresProcesses(postmaster);
  const pss = pg.reduce((sum, pid) => sum + kb(pid, 'smaps_rollup', 'Pss'), 0);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { startMs, rss, pss, processes: pg.length };
}

export async function idleBench() {
  if (!existsSync(main)) throw new Error('Build the server first: pnpm build');
  console.log('\nthe started server at rest (node dist/main.js, embedded PostgreSQL 15, demo data)');
  const dataDir = benchDataDir();
  try {
    for (const label of ['first start', 'restart']) {
      const m = await startOnce(dataDir);
      row(`${label}: ready after`, `${(m.startMs / 1000).toFixed(2)} s`);
      row(`${label}: server process RSS at rest`, `${(m.rss / MB).toFixed(0)} MB (goal ≤ 200 MB)`);
      row(`${label}: its PostgreSQL (${m.processes} processes), PSS`, `${(m.pss / MB).toFixed(0)} MB`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
