/**
 * The production stack on this machine, each part a real process: Debian's PostgreSQL 15 in a
 * throwaway cluster, the server processes as the image runs them, and Debian's Caddy with the
 * repository's Caddyfile and Caddy's internal CA. A missing binary fails the run with a sentence:
 * nothing here is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { repoFile } from '../test/support/deploy.js';

export const serverDir = fileURLToPath(new URL('..', import.meta.url));
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A binary the rehearsal needs, or a sentence saying how to get it. */
export function requireBinary(path: string, apt: string): string {
  const found = path.includes('/') ? (existsSync(path) ? path : null) : spawnSync('sh', ['-c', `command -v ${path}`], { encoding: 'utf8' }).stdout.trim() || null;
  if (!found) throw new Error(`The production rehearsal needs ${path}, which is missing: apt-get install ${apt} (.ci/run installs it).`);
  return found;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A folder for the run, readable by the postgres user (the cluster lives in it). */
export function workDir(): { path: string; remove(): void } {
  const path = mkdtempSync('/tmp/pp-rehearsal-');
  chmodSync(path, 0o755);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

const root = process.getuid?.() === 0;
const postgresUser = () => {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!passwd) throw new Error('The production rehearsal runs PostgreSQL as the postgres user, which is missing: apt-get install postgresql-15.');
  const [, , uid, gid] = passwd.split(':');
  return { uid: Number(uid), gid: Number(gid) };
};

function run(command: string, args: string[], asPostgres: boolean) {
  const [cmd, argv] = asPostgres && root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd as string, argv as string[], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
}

/** A PostgreSQL 15 cluster of Debian's package, with the database `panel` owned by the role `panel`. */
export async function startPostgres(dir: string) {
  const initdb = requireBinary(`${PG_BIN}/initdb`, 'postgresql-15');
  const pgCtl = requireBinary(`${PG_BIN}/pg_ctl`, 'postgresql-15');
  const data = join(dir, 'pg');
  const password = 'rehearsal-superuser';
  mkdirSync(data, { mode: 0o700 });
  writeFileSync(join(dir, 'pg.pw'), password);
  if (root) {
    const { uid, gid } = postgresUser();
    chownSync(data, uid, gid);
    chownSync(join(dir, 'pg.pw'), uid, gid);
  }
  run(initdb, ['-D', data, '-U', 'postgres', `--pwfile=${join(dir, 'pg.pw')}`, '--auth=scram-sha-256', '--no-locale', '-E', 'UTF8'], true);
  const port = await freePort();
  run(pgCtl, ['-D', data, '-l', join(data, 'server.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${data} -c listen_addresses=127.0.0.1`, 'start'], true);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  const dbPassword = 'panel-rehearsal-password';
  await admin.query(`create role panel login password '${dbPassword}'`);
  await admin.query('create database panel owner panel');
  await admin.end();
  return {
    port,
    dbPassword,
    url: `postgres://panel:${dbPassword}@127.0.0.1:${port}/panel`,
    log: () => (existsSync(join(data, 'server.log')) ? readFileSync(join(data, 'server.log'), 'utf8') : ''),
    stop: () => run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'], true),
  };
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The signal, then the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A process of ours on the rehearsal's Node (the one running this file). */
export function startProcess(name: string, command: string[], env: Record<string, string>, cwd = serverDir): Proc {
  const [program, ...args] = command;
  const child = spawn(program === 'node' ? process.execPath : (program as string), args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = {
    name,
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return proc.exited;
    },
  };
  child.stdout?.on('data', (d: Buffer) => (proc.output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (proc.output += d.toString()));
  return proc;
}

/** Waits until check() holds, failing with the process's output if it exits or the time runs out. */
export async function until(proc: Proc, what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${proc.name} exited before ${what}:\n${proc.output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`${proc.name}: no ${what} within ${timeoutMs} ms:\n${proc.output}`);
    await sleep(25);
  }
}

export const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200;

/**
 * Caddy with deploy/Caddyfile, its upstreams from the environment as the file allows, and for a
 * private machine the two things docs/deploy.md says to add: `tls internal` and (here) free ports,
 * listening on the loopback only, without touching the system's trust store.
 */
export async function startCaddy(dir: string, upstreams: { apps: number[]; realtime: number[]; httpsPort: number }) {
  const caddy = requireBinary('caddy', 'caddy');
  const { httpsPort } = upstreams;
  const httpPort = await freePort();
  const site = repoFile('deploy/Caddyfile');
  const opening = /^\{\$DOMAIN\} \{$/m;
  if (!opening.test(site)) throw new Error('deploy/Caddyfile no longer opens its site block with "{$DOMAIN} {"');
  const config = [
    '{',
    '\tadmin off',
    '\tskip_install_trust',
    '\tdefault_bind 127.0.0.1',
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    '}',
    site.replace(opening, '{$DOMAIN} {\n\ttls internal'),
  ].join('\n');
  const file = join(dir, 'Caddyfile');
  writeFileSync(file, config);
  const proc = startProcess('caddy', [caddy, 'run', '--config', file, '--adapter', 'caddyfile'], {
    DOMAIN: `127.0.0.1:${httpsPort}`,
    APP_UPSTREAMS: upstreams.apps.map((p) => `127.0.0.1:${p}`).join(' '),
    REALTIME_UPSTREAMS: upstreams.realtime.map((p) => `127.0.0.1:${p}`).join(' '),
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'caddy-data'),
    XDG_CONFIG_HOME: join(dir, 'caddy-config'),
  }, dir);
  const rootCert = join(dir, 'caddy-data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  await until(proc, 'its internal CA', () => existsSync(rootCert), 30_000);
  return { proc, url: `https://127.0.0.1:${httpsPort}`, port: httpsPort, rootCert: readFileSync(rootCert, 'utf8') };
}
