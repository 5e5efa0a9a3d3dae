/** The signatures of the Pusher protocol: channel authorisation and the signed HTTP API. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `key:hex(hmac_sha256(secret, "socket_id:channel[:channel_data]"))`, as /broadcasting/auth
 * answers it: with channel_data (the session that asked), the signature covers it, so a client
 * cannot subscribe without it or with another session's.
 */
export function signChannel(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  return `${key}:${hmac(secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)}`;
}

export function channelAuthValid(key: string, secret: string, socketId: string, channel: string, auth: unknown, channelData?: string): boolean {
  return typeof auth === 'string' && safeEqual(auth, signChannel(key, secret, socketId, channel, channelData));
}

/** `key:hex(hmac_sha256(secret, "socket_id::user::user_data"))`, as user authentication answers it. */
export function userAuthValid(key: string, secret: string, socketId: string, userData: string, auth: unknown): boolean {
  return typeof auth === 'string' && safeEqual(auth, `${key}:${hmac(secret, `${socketId}::user::${userData}`)}`);
}

export const md5 = (body: string | Buffer) => createHash('md5').update(body).digest('hex');

/** The string the HTTP API signs: method, path, and the query without the signature, sorted. */
export function apiStringToSign(method: string, path: string, query: URLSearchParams): string {
  const pairs = [...query.entries()]
    .filter(([k]) => k !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${pairs}`;
}

export type ApiAuthFailure = 'key' | 'timestamp' | 'version' | 'body' | 'signature';

/** Checks a signed HTTP API request; answers what is wrong, or null. */
export function checkApiRequest(
  opts: { key: string; secret: string; now: number; windowSeconds?: number },
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
): ApiAuthFailure | null {
  if (query.get('auth_key') !== opts.key) return 'key';
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(opts.now / 1000 - timestamp) > (opts.windowSeconds ?? 600)) return 'timestamp';
  if (query.get('auth_version') !== '1.0') return 'version';
  if (body.length > 0 && query.get('body_md5') !== md5(body)) return 'body';
  const signature = query.get('auth_signature') ?? '';
  return safeEqual(signature, hmac(opts.secret, apiStringToSign(method, path, query))) ? null : 'signature';
}
