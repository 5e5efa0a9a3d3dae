/** What the realtime bench's processes share: the app's key and secret, its channels, the clients' messages. */
export const KEY = 'bench-key';
export const SECRET = 'bench-secret';
export const SHARED_CHANNEL = 'announcements';
export const ownChannel = (index: number) => `private-reseller.${index}`;

export type ToClients =
  | { kind: 'connect'; ports: number[]; from: number; count: number; timeoutMs: number }
  | { kind: 'arm'; timeoutMs: number }
  | { kind: 'close' };
export type FromClients =
  | { kind: 'ready' }
  | { kind: 'connected'; count: number }
  | { kind: 'armed' }
  | { kind: 'round'; delays: number[] }
  | { kind: 'failed'; error: string }
  | { kind: 'closed' };
