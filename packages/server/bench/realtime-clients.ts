/**
 * The clients of `pnpm bench realtime`, in a process of their own (bench/realtime.ts raises its
 * open-file limit to what they need): raw WebSocket clients speaking Pusher protocol 7, each
 * subscribed to its own private channel (signed, with the channel_data the server requires) and to
 * one shared channel. Driven over IPC; every wait here is bounded and fails saying what it waited
 * for, so a client that is refused or never answered is an error, never a hang.
 */
import { createHmac } from 'node:crypto';
import { WebSocket } from 'ws';
import { KEY, SECRET, SHARED_CHANNEL, ownChannel, type FromClients, type ToClients } from './realtime-shared.js';

/** Clients per loopback address: under the socket server's 100 a client address (protocol.ts). */
const PER_ADDRESS = 50;
const now = () => performance.timeOrigin + performance.now();

interface Client {
  ws: WebSocket;
  received: ((at: number, sentAt: number) => void) | null;
}

const clients: Client[] = [];
const send = (message: FromClients) => process.send?.(message);

/** 127.0.0.2, 127.0.0.3, …: PER_ADDRESS clients each, as many addresses as the clients need. */
function addressOf(index: number) {
  const n = Math.floor(index / PER_ADDRESS);
  return `127.0.${Math.floor(n / 250)}.${2 + (n % 250)}`;
}

function connect(port: number, index: number, timeoutMs: number): Promise<Client> {
  const address = addressOf(index);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7`, { localAddress: address, perMessageDeflate: false, handshakeTimeout: timeoutMs });
  const client: Client = { ws, received: null };
  return new Promise((resolve, reject) => {
    let subscriptions = 0;
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      reject(new Error(`client ${index} (from ${address} to port ${port}): ${why}`));
    };
    const timer = setTimeout(() => fail(`not subscribed to both channels within ${timeoutMs} ms (${subscriptions} of 2)`), timeoutMs);
    ws.on('error', (error) => fail(error.message));
    ws.on('close', (code, reason) => fail(`closed with ${code} ${reason.toString()}`));
    ws.on('message', (raw) => {
      const at = now();
      const text = raw.toString();
      // The measured event is read without parsing it twice: at ten thousand a round, this
      // process's own reading is part of what the delay measures.
      if (text.startsWith('{"event":"bench.event"')) return client.received?.(at, Number(/sentAt\\":([0-9.]+)/.exec(text)?.[1] ?? NaN));
      const frame = JSON.parse(text) as { event: string; channel?: string; data: string };
      switch (frame.event) {
        case 'pusher:connection_established': {
          const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
          const own = ownChannel(index);
          // The channel_data the app's /broadcasting/auth signs with a private channel: without
          // it the server refuses the subscription (401).
          const channelData = JSON.stringify({ user_id: `session-${index}` });
          const auth = `${KEY}:${createHmac('sha256', SECRET).update(`${socketId}:${own}:${channelData}`).digest('hex')}`;
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: own, auth, channel_data: channelData } }));
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: SHARED_CHANNEL } }));
          return;
        }
        case 'pusher_internal:subscription_succeeded':
          if (++subscriptions === 2 && !settled) {
            settled = true;
            clearTimeout(timer);
            resolve(client);
          }
          return;
        case 'pusher:subscription_error':
          return fail(`subscription to ${frame.channel} refused: ${frame.data}`);
        case 'pusher:error':
          return fail(`refused: ${frame.data}`);
      }
    });
  });
}

/** The next round: one receipt from every client, or an error naming how many came. */
function arm(timeoutMs: number) {
  const delays: number[] = [];
  let done = false;
  const finish = (message: FromClients) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const c of clients) c.received = null;
    send(message);
  };
  const timer = setTimeout(() => finish({ kind: 'failed', error: `${delays.length} of ${clients.length} clients received the round's event within ${timeoutMs} ms` }), timeoutMs);
  for (const c of clients) {
    c.received = (at, sentAt) => {
      c.received = null;
      delays.push(at - sentAt);
      if (delays.length === clients.length) finish({ kind: 'round', delays });
    };
  }
  send({ kind: 'armed' });
}

process.on('message', (message: ToClients) => {
  if (message.kind === 'connect') {
    const { ports, from, count, timeoutMs } = message;
    // Client i goes to server i mod n: split evenly, as a proxy would.
    Promise.all(Array.from({ length: count }, (_, k) => connect(ports[(from + k) % ports.length] as number, from + k, timeoutMs))).then(
      (added) => {
        clients.push(...added);
        send({ kind: 'connected', count: clients.length });
      },
      (error: Error) => send({ kind: 'failed', error: error.message }),
    );
  } else if (message.kind === 'arm') {
    arm(message.timeoutMs);
  } else if (message.kind === 'close') {
    for (const c of clients) c.ws.terminate();
    send({ kind: 'closed' });
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready' });
