/**
 * What one call costs in CPU: the figure that bounds its rate on this machine, whatever else runs
 * beside the bench (a rate moves 2× with the machine's load; CPU per call much less). The server's
 * process is measured with the load coming from a separate process (autocannon's CLI), so none of
 * the load generator's work is counted; PostgreSQL's is its postmaster and every child of it, read
 * from /proc (a cluster on another machine, or one this user cannot read, is left out and said so).
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type pg from 'pg';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const autocannonCli = join(createRequire(import.meta.url).resolve('autocannon/package.json'), '..', 'autocannon.js');

/** User + system CPU of a process in microseconds, or 0 once it has gone. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return 0;
  }
}

/** The cluster's processes: its postmaster (from the data directory's postmaster.pid) and its children. */
export async function postgresProcesses(pool: pg.Pool): Promise<(() => number[]) | null> {
  const dir = (await pool.query<{ data_directory: string }>('show data_directory')).rows[0]?.data_directory ?? '';
  const file = join(dir, 'postmaster.pid');
  if (!dir || !existsSync(file)) return null;
  const postmaster = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return () => [
    postmaster,
    ...readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      }),
  ];
}

export interface CpuPerCall {
  /** Microseconds of the server's (or the bare loop's) process per call. */
  node: number;
  /** Microseconds of PostgreSQL per call, or null when its processes cannot be read. */
  postgres: number | null;
  calls: number;
}

async function measure(pids: (() => number[]) | null, calls: number, run: () => Promise<void>): Promise<CpuPerCall> {
  const before = new Map((pids?.() ?? []).map((pid) => [pid, cpuOf(pid)]));
  const node = process.cpuUsage();
  await run();
  const used = process.cpuUsage(node);
  // A backend that began during the run counts from zero.
  const postgres = pids ? pids().reduce((sum, pid) => sum + cpuOf(pid) - (before.get(pid) ?? 0), 0) : null;
  return { node: (used.user + used.system) / calls, postgres: postgres === null ? null : postgres / calls, calls };
}

/** CPU per HTTP call: `calls` requests, `connections` at once, sent by autocannon in a child process. */
export function cpuPerHttpCall(
  pids: (() => number[]) | null,
  options: { url: string; method?: string; headers?: Record<string, string>; body?: string; connections: number; calls: number },
): Promise<CpuPerCall> {
  const args = [autocannonCli, '-n', '-c', String(options.connections), '-a', String(options.calls), '-m', options.method ?? 'GET'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.body) args.push('-b', options.body);
  args.push(options.url);
  return measure(pids, options.calls, async () => {
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  });
}

/** CPU per bare operation: `connections` loops in this process calling it until `calls` are done. */
export function cpuPerBareCall(pids: (() => number[]) | null, op: () => Promise<unknown>, connections: number, calls: number): Promise<CpuPerCall> {
  let left = calls;
  return measure(pids, calls, async () => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (left-- > 0) await op();
      }),
    );
  });
}

const us = (n: number) => `${Math.round(n).toLocaleString('en-US')} µs`;

/** Prints ours beside the bare operation, and the rate the CPU per call allows on this machine's cores. */
export function printCpu(label: string, ours: CpuPerCall, bare: CpuPerCall, bareLabel: string) {
  const total = (c: CpuPerCall) => c.node + (c.postgres ?? 0);
  const cores = availableParallelism();
  const line = (c: CpuPerCall) =>
    `Node ${us(c.node)} + PostgreSQL ${c.postgres === null ? 'not readable' : us(c.postgres)} = ${us(total(c))} a call → at most ${Math.floor((cores * 1e6) / total(c)).toLocaleString('en-US')}/s on ${cores} cores`;
  console.log(`  ${label} (CPU per call, ${ours.calls.toLocaleString('en-US')} calls)`);
  console.log(`    ours     ${line(ours)}`);
  console.log(`    bare     ${line(bare)}  ← ${bareLabel}`);
  console.log(`    ratio    ${(total(bare) / total(ours)).toFixed(2)} (bare CPU / ours)`);
}
