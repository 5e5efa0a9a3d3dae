/**
 * The embedded realtime server in a thread of its own, so that no socket fault — a frame we did
 * not foresee, a bug in a dependency, a flood of messages — can end or stall the HTTP API: the
 * thread may die, the API's does not, and the socket server is started again (clients reconnect
 * by themselves, as after a restart). Publishing is a message to that thread.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RealtimeServerOptions } from './server.js';

type Command =
  | { kind: 'listen'; port: number; host: string }
  | { kind: 'close' }
  | { kind: 'publish'; channels: string[]; event: string; data: string; exceptSocketId?: string | undefined }
  | { kind: 'terminate'; userIds: string[] }
  | { kind: 'stats'; channel?: string };
export type ToWorker = Command & { id: number };
type FromWorker = { kind: 'reply'; id: number; result?: Record<string, number>; error?: string } | { kind: 'log'; obj: string; msg?: string };

/** Starts the worker module: compiled JavaScript, or TypeScript through tsx when run from source (tests). */
function spawn(options: Omit<RealtimeServerOptions, 'log'>): Worker {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new Worker(new URL('./worker.js', here), { workerData: options });
  // tsx's ESM entry (require.resolve would pick its CommonJS one).
  const tsx = pathToFileURL(join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./worker.ts', here).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true, workerData: options });
}

export class IsolatedRealtimeServer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(r: Record<string, number>): void; reject(e: Error): void }>();
  private address: { port: number; host: string } | null = null;
  private restarts = 0;

  constructor(private readonly opts: RealtimeServerOptions) {}

  /** The port it listens on (the one the system chose, when asked for port 0); null until it listens. */
  get port(): number | null {
    return this.address?.port ?? null;
  }

  /** Starts the thread and its socket server; answers the port it listens on. */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    const result = await this.ask({ kind: 'listen', port, host });
    this.address = { port: Number(result.port), host };
    return Number(result.port);
  }

  /** Closes every connection with 4200 and ends the thread. */
  async close(): Promise<void> {
    this.address = null;
    const worker = this.worker;
    if (!worker) return;
    await this.ask({ kind: 'close' }).catch(() => undefined);
    this.worker = null;
    await worker.terminate();
  }

  publish(channels: string[], event: string, data: string, exceptSocketId?: string): void {
    if (this.worker) void this.ask({ kind: 'publish', channels, event, data, exceptSocketId }).catch(() => undefined);
  }

  terminateUsers(userIds: string[]): void {
    if (this.worker && userIds.length > 0) void this.ask({ kind: 'terminate', userIds }).catch(() => undefined);
  }

  /** Live connections, and the subscribers of a channel (0 when not listening). */
  async stats(channel?: string): Promise<{ connections: number; subscribers: number }> {
    if (!this.worker) return { connections: 0, subscribers: 0 };
    const r = await this.ask({ kind: 'stats', ...(channel ? { channel } : {}) });
    return { connections: Number(r.connections), subscribers: Number(r.subscribers) };
  }

  async subscriberCount(channel: string): Promise<number> {
    return (await this.stats(channel)).subscribers;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const { log, ...options } = this.opts;
    const worker = spawn(options);
    worker.unref();
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'log') return log?.warn({ err: message.obj }, message.msg);
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result ?? {});
    });
    worker.on('error', (error) => log?.warn({ err: error }, 'realtime thread failed'));
    worker.on('exit', () => this.exited(worker));
    this.worker = worker;
    return worker;
  }

  /** The thread ended: fail what waited on it, and start it again if it was meant to be listening. */
  private exited(worker: Worker) {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the realtime thread ended'));
    this.waiting.clear();
    const address = this.address;
    if (!address) return;
    this.opts.log?.warn({ restarts: ++this.restarts }, 'realtime thread ended; starting it again');
    // A thread that keeps dying is started at most once a second.
    setTimeout(() => {
      if (this.address === address) this.listen(address.port, address.host).catch((error: unknown) => this.opts.log?.warn({ err: error }, 'realtime restart failed'));
    }, Math.min(1000, 100 * this.restarts)).unref();
  }

  private ask(message: Command): Promise<Record<string, number>> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  }
}
