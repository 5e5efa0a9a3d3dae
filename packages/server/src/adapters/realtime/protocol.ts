/**
 * The Pusher Channels protocol, version 7: what the embedded server speaks to pusher-js and
 * laravel-echo. Close codes 4000–4099 tell the client not to reconnect, 4100–4199 to reconnect
 * with backoff, 4200–4299 to reconnect at once.
 */
export const PROTOCOL_VERSION = 7;
export const MIN_PROTOCOL_VERSION = 5;

export const CLOSE = {
  appNotFound: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnect: 4200,
  pongNotReceived: 4201,
  inactive: 4202,
} as const;

/** Channel names the protocol allows. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
/** User ids a signed-in connection may carry (user authentication, `pusher:signin`). */
export const USER_ID = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
/** The channel pusher-js subscribes to once signed in; only that user's connections may join it. */
export const SERVER_TO_USER = '#server-to-user-';

/** How long a client may take to answer a ping before the server closes the connection. */
export const PONG_TIMEOUT_MS = 30_000;

export const MAX_EVENT_BYTES = 10 * 1024;
export const MAX_CHANNELS_PER_EVENT = 100;
/** A portal tab needs one channel; a few spare for other clients of the same reseller. */
export const MAX_CHANNELS_PER_CONNECTION = 20;
/** Per process; at about 10 kB a connection (docs/performance.md, 10 000 clients), some 500 MB at the cap. */
export const MAX_CONNECTIONS = 50_000;
/**
 * Per client address: a browser tab holds one connection, an office behind one NAT address some
 * dozens; one address holding thousands is an attack on the per-process cap.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 100;
/** The largest frame a client may send: a subscribe with its signature needs well under 1 kB. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** Events queued for one client before it counts as not reading (4100). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify({ event, ...(channel ? { channel } : {}), data: typeof data === 'string' ? data : JSON.stringify(data) });
}

export const isPrivate = (channel: string) => channel.startsWith('private-') && !channel.startsWith('private-encrypted-');
