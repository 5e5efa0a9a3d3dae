/**
 * A throwaway PostgreSQL 15 cluster for the test run: initdb into a temporary folder, started on a
 * free port with durability off, removed afterwards. initdb refuses root, so as root the cluster
 * belongs to the postgres user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const postgresAvailable = () => existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function runAs(user: string | null, command: string, args: string[]) {
  if (!user) return execFileSync(command, args, { stdio: 'pipe' });
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return execFileSync('su', [user, '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
}

/** Durable (fsync on) for benchmarks measured against the machine's ceilings; off for tests. */
export async function startThrowawayPostgres(opts: { durable?: boolean } = {}): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'pp-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : null;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  runAs(user, join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...(opts.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=400',
    '-c shared_buffers=128MB',
  ].join(' ');
  runAs(user, join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runAs(user, join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
