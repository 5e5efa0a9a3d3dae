/**
 * Secrets the server must read back, kept sealed at rest: AES-256-GCM under a key derived from
 * APP_SECRET (HKDF) for each kind of secret, so one kind's key never opens another's, and bound to
 * its owner (associated data), so a value copied onto another row does not open there. A database
 * leak gives none of them away without APP_SECRET too.
 *
 * Every caller names its purpose: there is no default to fall back on. A purpose may list the ones
 * its values were once sealed under (`formerly`), which still open them; new values are sealed
 * under its own.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

interface Purpose {
  /** The HKDF info of the purpose's key. */
  info: string;
  /** Infos its values were sealed under before it had its own: still opened, never sealed under. */
  formerly?: readonly string[];
}

export const SEAL_PURPOSES = {
  /** The sandbox secret key, shown in full in the portal's examples (client-api/keys.ts). */
  sandboxKey: { info: 'secret-keys/sandbox' },
  /** A reseller's TOTP secret, pending or on (auth/two-factor.ts). */
  totpSecret: { info: 'two-factor/totp' },
  /** An answer holding a secret, kept for an Idempotency-Key (http/idempotency.ts). */
  idempotentAnswer: { info: 'idempotency/answer' },
  /**
   * A webhook endpoint's signing secret (webhooks/secrets.ts). Sealed under the sandbox key's
   * purpose until it had its own: those values still open.
   */
  webhookSecret: { info: 'webhooks/signing-secret', formerly: ['secret-keys/sandbox'] },
} as const satisfies Record<string, Purpose>;

export type SealPurpose = keyof typeof SEAL_PURPOSES;

const VERSION = 'v1.';

function keyOf(appSecret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'partner-panel', info, 32));
}

/** `v1.` and base64url(iv ‖ tag ‖ ciphertext); `bound` (whose value it is) is bound in as associated data. */
export function seal(appSecret: string, purpose: SealPurpose, bound: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret, SEAL_PURPOSES[purpose].info), iv);
  cipher.setAAD(Buffer.from(bound));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `${VERSION}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function openWith(appSecret: string, info: string, bound: string, raw: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret, info), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(bound));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The value, or null when it cannot be opened: APP_SECRET changed since it was sealed, it is
 * another owner's, or another kind of secret's.
 */
export function unseal(appSecret: string, purpose: SealPurpose, bound: string, sealed: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  const { info, formerly = [] }: Purpose = SEAL_PURPOSES[purpose];
  for (const each of [info, ...formerly]) {
    const value = openWith(appSecret, each, bound, raw);
    if (value !== null) return value;
  }
  return null;
}

/** What a reseller's own secrets are bound to. */
export const boundToReseller = (resellerId: number) => `reseller:${resellerId}`;
