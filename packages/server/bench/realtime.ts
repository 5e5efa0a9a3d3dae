/**
 * Realtime under load: Pusher-protocol clients (raw WebSocket clients speaking protocol 7, each
 * subscribed to its own private channel and to one shared channel) on the embedded socket server.
 * Three runs: 1 000 clients on one process; 10 000 on one process; 10 000 split over two socket
 * processes that each listen on the PostgreSQL bus, every event published through the bus. Each
 * prints the delay from publishing an event to its receipt (p50/p99; one event to all on the shared
 * channel, and one event per client on its own channel) and the servers' memory per connection,
 * beside their goals and the machine's load.
 *
 * Servers and clients run in processes of their own, each with its open-file limit raised to what
 * its sockets need when it is lower. Every wait is bounded and fails with what it waited for: a
 * client refused (a private channel without its channel_data, a connection over a limit) or a
 * round's receipt that never comes is an error, never a hang.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BUS_CHANNEL, type BusMessage } from '../src/adapters/realtime/bus.js';
import { openEmbedded, type Database } from '../src/db/index.js';
import { benchDataDir, row } from './harness.js';
import { SHARED_CHANNEL, ownChannel, type FromClients, type ToClients } from './realtime-shared.js';

/** The goals printed beside the figures (issue 37). */
const GOAL = { p99Ms: 100, perConnectionKb: 20 };
/** Clients connecting at once. */
const BATCH = 500;
/** Bounds of the waits: a child's start, a batch of connections, a round's receipts, a child's stop. */
const START_MS = 60_000;
const CONNECT_MS = 30_000;
const ROUND_MS = 30_000;
const STOP_MS = 10_000;
/** Files a process opens besides its sockets (its modules, stdio, IPC, a database connection). */
const SPARE_FILES = 256;

interface Run {
  clients: number;
  servers: number;
  /** Fed by the PostgreSQL bus (else the server publishes itself). */
  bus: boolean;
  rounds: number;
}

const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const thousands = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

/** Rejects after `ms` with a sentence naming what was awaited. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`realtime bench: no ${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The next message of a kind from a child, failing at once if it reports a failure or exits. */
function next<T extends { kind: string }>(child: ChildProcess, kind: string, ms: number, what: string): Promise<T> {
  let cleanup = () => undefined as void;
  const reply = new Promise<T>((resolve, reject) => {
    const listener = (m: { kind: string; error?: string }) => {
      if (m.kind === kind) resolve(m as T);
      else if (m.kind === 'failed') reject(new Error(`realtime bench: ${what}: ${m.error}`));
    };
    const exit = (code: number | null, signal: NodeJS.Signals | null) => reject(new Error(`realtime bench: the child exited (${code ?? signal}) before ${what}`));
    child.on('message', listener);
    child.once('exit', exit);
    cleanup = () => {
      child.off('message', listener);
      child.off('exit', exit);
    };
  });
  return within(reply, ms, what).finally(cleanup);
}

function ask<T extends { kind: string }>(child: ChildProcess, message: object, reply: string, ms: number, what: string): Promise<T> {
  const answer = next<T>(child, reply, ms, what);
  child.send(message);
  return answer;
}

/** This process's open-file limits (children inherit them). */
function fileLimits(): { soft: number; hard: number } {
  const [soft, hard] = spawnSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' }).stdout.trim().split('\n');
  const parse = (v?: string) => (v === 'unlimited' ? Infinity : Number(v));
  return { soft: parse(soft), hard: parse(hard) };
}

/**
 * A bench child on tsx, with IPC. Its soft open-file limit is raised to `files` when it is lower
 * (never the hard limit, never more than needed); over the hard limit the run stops with a sentence.
 */
function startChild(script: string, files: number, env: Record<string, string> = {}): ChildProcess {
  const { soft, hard } = fileLimits();
  if (files > hard) {
    throw new Error(`realtime bench: ${script} needs ${files} open files and this shell allows ${hard} (ulimit -Hn): raise the hard limit, or run fewer clients`);
  }
  const args = ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))];
  const options = { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] as ('ignore' | 'inherit' | 'ipc')[], env: { ...process.env, ...env } };
  // `exec` keeps the IPC channel (its descriptor and NODE_CHANNEL_FD) for node.
  return soft >= files ? spawn(process.execPath, args, options) : spawn('sh', ['-c', `ulimit -Sn ${files} && exec "$0" "$@"`, process.execPath, ...args], options);
}

async function stopChild(child: ChildProcess, message: object) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.send(message);
  await within(exited, STOP_MS, 'exit of a bench child').catch(() => {
    child.kill('SIGKILL');
    return exited;
  });
}

type Stats = { rss: number; connections: number };

async function run({ clients: count, servers: serverCount, bus, rounds }: Run) {
  const layout = serverCount === 1 ? 'one socket process' : `${serverCount} socket processes fed by the PostgreSQL bus, clients split between them`;
  console.log(`\nrealtime: ${thousands(count)} connected clients, ${layout} (machine load ${loadavg()[0]?.toFixed(1)})`);
  const children: { child: ChildProcess; stop: object }[] = [];
  let database: Database | null = null;
  let dataDir: string | null = null;
  let publisher: pg.Client | null = null;
  try {
    if (bus) {
      dataDir = benchDataDir();
      database = await openEmbedded(dataDir, 2);
      publisher = new pg.Client({ connectionString: database.url });
      await publisher.connect();
    }
    const servers = await Promise.all(
      Array.from({ length: serverCount }, async () => {
        const child = startChild('./realtime-server.ts', Math.ceil(count / serverCount) + SPARE_FILES, database ? { BENCH_BUS_URL: database.url } : {});
        children.push({ child, stop: { kind: 'stop' } });
        const { port } = await next<{ kind: 'ready'; port: number }>(child, 'ready', START_MS, 'socket server ready');
        return { child, port };
      }),
    );
    const stats = () => Promise.all(servers.map((s) => ask<Stats & { kind: string }>(s.child, { kind: 'stats' }, 'stats', START_MS, "a socket server's figures")));
    const idle = await stats();

    const clientChild = startChild('./realtime-clients.ts', count + SPARE_FILES);
    children.push({ child: clientChild, stop: { kind: 'close' } });
    await next(clientChild, 'ready', START_MS, 'client process ready');
    const connecting = performance.now();
    for (let from = 0; from < count; from += BATCH) {
      const message: ToClients = { kind: 'connect', ports: servers.map((s) => s.port), from, count: Math.min(BATCH, count - from), timeoutMs: CONNECT_MS };
      await ask(clientChild, message, 'connected', CONNECT_MS * 2, `clients ${from}–${from + message.count - 1} connected and subscribed`);
    }
    const connectMs = performance.now() - connecting;
    const loaded = await stats();
    const connections = loaded.reduce((n, s) => n + s.connections, 0);
    const grown = loaded.reduce((n, s, i) => n + s.rss - (idle[i]?.rss ?? 0), 0);
    const perConnectionKb = grown / connections / 1024;
    row('connections (each subscribed to 2 channels)', `${thousands(connections)} in ${(connectMs / 1000).toFixed(1)} s${serverCount > 1 ? ` (${loaded.map((s) => thousands(s.connections)).join(' + ')})` : ''}`);
    row('server memory, idle → with connections (RSS)', loaded.map((s, i) => `${((idle[i]?.rss ?? 0) / 2 ** 20).toFixed(0)} MB → ${(s.rss / 2 ** 20).toFixed(0)} MB`).join(', '));
    row('server memory per connection (RSS delta)', `${perConnectionKb.toFixed(1)} kB (goal ≤ ${GOAL.perConnectionKb} kB: ${perConnectionKb <= GOAL.perConnectionKb ? 'met' : 'NOT met'})`);

    const everyOwn = Array.from({ length: count }, (_, i) => ownChannel(i));
    /** One round: every client armed, the events published, every receipt's delay. */
    const round = async (channels: string[]) => {
      await ask(clientChild, { kind: 'arm', timeoutMs: ROUND_MS } satisfies ToClients, 'armed', START_MS, 'clients armed for a round');
      const receipts = next<Extract<FromClients, { kind: 'round' }>>(clientChild, 'round', ROUND_MS * 2, `every client's receipt of a round on ${channels.length === 1 ? 'the shared channel' : 'their own channels'}`);
      if (publisher) {
        // One message per channel, in one transaction, as the app processes announce a change's events.
        const sentAt = now();
        const payloads = channels.map((channel) => JSON.stringify({ kind: 'publish', channels: [channel], event: 'bench.event', data: JSON.stringify({ sentAt }) } satisfies BusMessage));
        await publisher.query('select pg_notify($1, p) from unnest($2::text[]) p', [BUS_CHANNEL, payloads]);
      } else {
        await ask(servers[0]?.child as ChildProcess, { kind: 'publish', channels }, 'published', ROUND_MS, 'the server publishing a round');
      }
      const delays = (await receipts).delays;
      const handed = await Promise.all(servers.map((s) => ask<{ kind: string; ms: number }>(s.child, { kind: 'handed-over' }, 'handed-over', START_MS, "a socket server's share of the round")));
      return { delays, server: Math.max(...handed.map((h) => h.ms)) };
    };
    // A first round of each, not counted: the code paths warm up.
    await round([SHARED_CHANNEL]);
    await round(everyOwn);
    const fanOut = { delays: [] as number[], server: [] as number[] };
    const perClient = { delays: [] as number[], server: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      for (const [figures, channels] of [[fanOut, [SHARED_CHANNEL]], [perClient, everyOwn]] as [typeof fanOut, string[]][]) {
        const { delays, server } = await round(channels);
        figures.delays.push(...delays);
        figures.server.push(server);
      }
    }
    const fmt = ({ delays, server }: { delays: number[]; server: number[] }) => {
      const p99 = percentile(delays, 99);
      return (
        `p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${thousands(delays.length)} receipts; goal p99 ≤ ${GOAL.p99Ms} ms: ${p99 <= GOAL.p99Ms ? 'met' : 'NOT met'}); ` +
        `the server's share, to its last frame written: median ${percentile(server, 50).toFixed(1)} ms, max ${Math.max(...server).toFixed(1)} ms`
      );
    };
    row(`one event to all clients (shared channel)${bus ? ', through the bus' : ''}`, fmt(fanOut));
    row(`one event per client (${thousands(count)} events)${bus ? ', through the bus' : ''}`, fmt(perClient));
    row('machine load after the run (1 min)', `${loadavg()[0]?.toFixed(1)}`);
  } finally {
    for (const { child, stop } of children.reverse()) await stopChild(child, stop);
    await publisher?.end().catch(() => undefined);
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function realtimeBench() {
  const small = Number(process.env.BENCH_CLIENTS ?? 1000);
  const large = Number(process.env.BENCH_LARGE_CLIENTS ?? 10_000);
  await run({ clients: small, servers: 1, bus: false, rounds: 20 });
  await run({ clients: large, servers: 1, bus: false, rounds: 5 });
  await run({ clients: large, servers: 2, bus: true, rounds: 5 });
}
