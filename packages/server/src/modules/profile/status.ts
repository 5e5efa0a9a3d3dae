/**
 * Why an account that is not active may not buy: suspended by the operator, whose reason it is told
 * (modules/operator/resellers.ts), or deactivated by itself or its admin. Read only on the refusal's
 * path, so an active account's charge costs nothing more.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.js';
import { resellers } from '../../db/schema/index.js';
import { fail, type AppError } from '../../http/errors.js';

/** The refusal for account `id`: `own` when it buys for itself, `user` when its admin buys for it. */
export async function inactiveRefusal(db: Tx, id: number, whose: 'own' | 'user'): Promise<AppError> {
  const [row] = await db.select({ reason: resellers.suspensionReason }).from(resellers).where(eq(resellers.id, id));
  if (row?.reason) return whose === 'own' ? fail('accountSuspended', { reason: row.reason }) : fail('userSuspended');
  return fail(whose === 'own' ? 'accountInactive' : 'userInactive');
}
