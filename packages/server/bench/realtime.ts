/**
 * Realtime under load: 1 000 connected Pusher-protocol clients (raw WebSocket clients speaking
 * protocol 7, each subscribed to its own private channel and to one shared channel). Prints the
 * delay from a server-side event to its receipt (p50/p99) and the server's memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { row } from './harness.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const ROUNDS = 20;
const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

function ask<T>(child: ChildProcess, message: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: { kind: string }) => {
      if (m.kind === reply) {
        child.off('message', listener);
        resolve(m as T);
      }
    };
    child.on('message', listener);
    child.send(message);
  });
}

interface Client {
  ws: WebSocket;
  received: ((at: number, sentAt: number) => void) | null;
}

async function connect(port: number, index: number): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/bench-key?protocol=7`);
  const client: Client = { ws, received: null };
  let subscriptions = 0;
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const at = now();
      const frame = JSON.parse(raw.toString()) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const own = `private-reseller.${index}`;
        const auth = `bench-key:${createHmac('sha256', 'bench-secret').update(`${socketId}:${own}`).digest('hex')}`;
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: own, auth } }));
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'announcements' } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        if (++subscriptions === 2) resolve();
      } else if (frame.event === 'bench.event') {
        client.received?.(at, (JSON.parse(frame.data) as { sentAt: number }).sentAt);
      }
    });
  });
  return client;
}

/** Publishes in the server process and collects every client's receipt. */
async function round(child: ChildProcess, clients: Client[], channels: string[]): Promise<number[]> {
  const delays: number[] = [];
  const all = new Promise<void>((resolve) => {
    for (const c of clients) {
      c.received = (at, sentAt) => {
        delays.push(at - sentAt);
        if (delays.length === clients.length) resolve();
      };
    }
  });
  await ask(child, { kind: 'publish', channels }, 'published');
  await all;
  return delays;
}

export async function realtimeBench() {
  console.log(`\nrealtime: ${CLIENTS} connected clients (server in its own process)`);
  const child = fork(fileURLToPath(new URL('./realtime-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  try {
    const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
    const idle = await ask<{ rss: number; heapUsed: number }>(child, { kind: 'stats' }, 'stats');
    const clients: Client[] = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, k) => connect(port, i + k)))));
    }
    const loaded = await ask<{ rss: number; heapUsed: number; connections: number }>(child, { kind: 'stats' }, 'stats');
    row('connections', String(loaded.connections));
    row('server memory, idle → with connections (RSS)', `${(idle.rss / 2 ** 20).toFixed(0)} MB → ${(loaded.rss / 2 ** 20).toFixed(0)} MB`);
    row('server memory per connection (RSS delta)', `${((loaded.rss - idle.rss) / loaded.connections / 1024).toFixed(1)} kB`);

    const fanOut: number[] = [];
    const perReseller: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      fanOut.push(...(await round(child, clients, ['announcements'])));
      perReseller.push(...(await round(child, clients, clients.map((_, i) => `private-reseller.${i}`))));
    }
    const fmt = (v: number[]) => `p50 ${percentile(v, 50).toFixed(1)} ms, p99 ${percentile(v, 99).toFixed(1)} ms (${v.length} receipts)`;
    row('one event to all clients (shared channel)', fmt(fanOut));
    row('one event per client (each on its own channel)', fmt(perReseller));
    for (const c of clients) c.ws.close();
  } finally {
    child.send({ kind: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
