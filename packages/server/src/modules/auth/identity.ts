/** A new reseller's public identifiers: its URL prefix and its client id. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.js';
import { rows } from '../../db/index.js';

/** First path segments of the app's own routes: a custom_url must never shadow them. */
const RESERVED = new Set([
  'api', 'dev', 'assets', 'login', 'register', 'verification', 'forgot-password', 'reset-password',
  'redeem', 'dashboard', 'coupons', 'vpn', 'billing', 'users', 'user', 'notifications', 'profile',
  'integration', 'payments', 'broadcasting', 'app', 'admin', 'static', 'widget', 'embed',
]);

export function slugify(source: string): string {
  const slug = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `reseller${slug ? `-${slug}` : ''}`;
}

/** A free custom_url derived from the name (`acme-vpn`, then `acme-vpn-2`, …). */
export async function freeCustomUrl(tx: Tx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await rows<{ custom_url: string }>(
        tx,
        sql`select custom_url from resellers where custom_url = ${base} or custom_url like ${`${base}-%`}`,
      )
    ).map((r) => r.custom_url),
  );
  if (!RESERVED.has(base) && !taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const newClientId = (): string => `cl_${randomBytes(12).toString('base64url')}`;
