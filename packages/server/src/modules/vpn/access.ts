/**
 * Which VPN accounts a reseller may see and touch: its own, and an admin's also those of its own
 * users. Every call that names an account, by username or by id, goes through here.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SessionReseller } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { fail } from '../../http/errors.js';
import { liveBooks, type Books } from './books.js';
import type { VpnRecord } from './present.js';

export type VpnRow = VpnRecord & { reseller_id: number; billing_type: number; product_id: number; renewal_price_cents: number; password_hash: string };

/** An account named by its username (the portal) or its id (the v2 API's userId). */
export type AccountRef = string | { id: number };

/** The resellers whose accounts this session may reach, as SQL over `v`. */
export function reachable(session: Pick<SessionReseller, 'id' | 'isAdmin'>): SQL {
  return session.isAdmin
    ? sql`(v.reseller_id = ${session.id} or v.reseller_id in (select id from resellers where parent_id = ${session.id}))`
    : sql`v.reseller_id = ${session.id}`;
}

/** The account columns the service reads, from the given books' table. */
export const selectFrom = (books: Books) => sql`select v.id, v.reseller_id, v.username, v.email, c.code as coupon_code, v.cycle, v.billing_type, v.product_id,
  v.addons, v.hosting_status, v.start_at, v.end_at, v.created_at, v.renewal_price_cents, v.password_hash
  from ${books.accounts} v left join coupons c on c.id = v.coupon_id`;

export const SELECT = selectFrom(liveBooks);

const matchRef = (ref: AccountRef) => (typeof ref === 'string' ? sql`v.username = ${ref}` : sql`v.id = ${ref.id}`);

/** The account, if this session may reach it; locked for update inside a transaction. */
export async function findAccount(db: Tx, session: Pick<SessionReseller, 'id' | 'isAdmin'>, ref: AccountRef, lock = false, books: Books = liveBooks) {
  const [row] = await rows<VpnRow>(
    db,
    sql`${selectFrom(books)} where ${matchRef(ref)} and ${reachable(session)} ${lock ? sql`for update of v` : sql``}`,
  );
  if (!row) throw fail('vpnNotFound');
  return row;
}
