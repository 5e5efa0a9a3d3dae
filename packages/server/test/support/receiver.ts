/** A partner's webhook receiver on 127.0.0.1: records every request and answers as told. */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status (and body) of the next answers, in turn; then 200. */
  answer(...plan: (number | { status: number; body: string })[]): void;
  /** Waits until `n` requests have arrived (or fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
}

export async function receiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  /** Told of each request as it is recorded. */
  const arrivals = new EventEmitter();
  let plan: (number | { status: number; body: string })[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const next = plan.shift() ?? 200;
      const { status, body } = typeof next === 'number' ? { status: next, body: next < 300 ? 'ok' : 'not now' } : next;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      arrivals.emit('request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // close() waits for every open connection; a keep-alive one or a delivery still being sent would
  // hold the teardown, so they are ended once no new connection is taken.
  afterAll(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    answer: (...p) => {
      plan = p;
    },
    async waitFor(n, ms = 15_000) {
      if (received.length >= n) return received;
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the receiver got ${received.length} of ${n} deliveries in ${ms} ms`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          arrivals.off('request', check);
        };
        arrivals.on('request', check);
      });
      return received;
    },
  };
}
