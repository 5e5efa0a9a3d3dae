/** How a reseller row leaves the server: the user fields of 000 §3, money in dollars. */
import { centsToDollars, type ResellerUser } from '@partner-panel/sdk';
import type { resellers } from '../../db/schema/index.js';

export type ResellerRow = typeof resellers.$inferSelect;

export function presentUser(row: ResellerRow): ResellerUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    balance: centsToDollars(row.balanceCents),
    custom_url: row.customUrl,
    client_id: row.clientId,
    is_admin: row.isAdmin,
    verified: row.verifiedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
