/** Real pusher-js and laravel-echo clients in Node, authorised through the SDK's typed client. */
import { once } from 'node:events';
import Pusher from 'pusher-js';
import Echo from 'laravel-echo';
import { WebSocket } from 'ws';
import { onTestFinished } from 'vitest';
import type { Client } from '@partner-panel/sdk';


export interface PusherClient {
  pusher: Pusher;
  echo: Echo<'pusher'>;
  close(): void;
}

/** pusher-js options for the socket server on this machine's loopback, without TLS. */
export const loopback = (port: number) =>
  ({ cluster: 'local', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'], disableStats: true }) as const;

/**
 * With `signIn`, the socket also signs in as the API's session (user authentication, as the portal
 * does), so that ending the session closes it.
 */
export function pusherClient(port: number, api: Client, key = 'partner-panel-key', { signIn = false } = {}): PusherClient {
  const pusher = new Pusher(key, {
    ...loopback(port),
    enabledTransports: ['ws'],
    activityTimeout: 30_000,
    userAuthentication: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        api.broadcastingUserAuth({ socket_id: socketId }).then(
          (data) => callback(null, data),
          (error: Error) => callback(error, null),
        );
      },
    },
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        api.broadcastingAuth({ socket_id: socketId, channel_name: channelName }).then(
          (data) => callback(null, data),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
  if (signIn) pusher.signin();
  const echo = new Echo({ broadcaster: 'pusher', client: pusher } as never) as Echo<'pusher'>;
  const client = {
    pusher,
    echo,
    close() {
      echo.disconnect();
    },
  };
  // Closed when the test that opened it ends: a hook at this module's top would run for the first
  // file only, as the server's test files share their worker's modules (vitest.config.ts).
  onTestFinished(() => client.close());
  return client;
}

/** Resolves when the server has signed the socket in (pusher:signin_success). */
export function signedIn(pusher: Pusher): Promise<void> {
  return pusher.user.signinDonePromise ?? Promise.reject(new Error('signin() was not called'));
}

/** Resolves with the close code the server gave the socket (pusher-js reports codes 4000–4299 as errors). */
export function closedWith(pusher: Pusher): Promise<number> {
  return new Promise((resolve) =>
    pusher.connection.bind('error', (error: { data?: { code?: number } }) => {
      if (typeof error.data?.code === 'number') resolve(error.data.code);
    }),
  );
}

export function connected(pusher: Pusher): Promise<void> {
  if (pusher.connection.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => pusher.connection.bind('connected', () => resolve()));
}

/** A raw protocol client: what it sends and receives, frame by frame. */
export async function rawSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: { event: string; channel?: string; data: unknown }[] = [];
  const waiters: { match: (f: (typeof frames)[number]) => boolean; resolve: (f: (typeof frames)[number]) => void }[] = [];
  ws.on('message', (raw) => {
    const parsed = JSON.parse(raw.toString()) as { event: string; channel?: string; data: unknown };
    const frame = { ...parsed, data: typeof parsed.data === 'string' ? safe(parsed.data) : parsed.data };
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = once(ws, 'close').then(([code, reason]) => ({ code: code as number, reason: String(reason) }));
  return {
    ws,
    frames,
    closed,
    send: (event: string, data: unknown) => ws.send(JSON.stringify({ event, data })),
    next(event: string, channel?: string) {
      const existing = frames.find((f) => f.event === event && (!channel || f.channel === channel));
      if (existing) return Promise.resolve(existing);
      return new Promise<(typeof frames)[number]>((resolve) =>
        waiters.push({ match: (f) => f.event === event && (!channel || f.channel === channel), resolve }),
      );
    },
  };
}

function safe(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
