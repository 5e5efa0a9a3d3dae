/** The signed-in reseller's profile: read, update a field, and the total credited to the wallet. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, notice } from '@partner-panel/sdk';
import type { AppContext, SessionReseller } from '../../context.js';
import { rows } from '../../db/index.js';
import { preparedOn } from '../../db/prepared.js';
import { resellers } from '../../db/schema/index.js';
import { fail, invalid } from '../../http/errors.js';
import { transact } from '../../db/unit.js';
import { audit } from '../audit/index.js';
import { presentMember, presentUser, type ResellerRow } from './present.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type WriteCtx = Ctx & Pick<AppContext, 'notifier' | 'log'>;

/** The reseller's row, read by every profile view. */
const resellerById = preparedOn((db) => db.select().from(resellers).where(eq(resellers.id, sql.placeholder('id'))).prepare('reseller_by_id'));

export async function loadReseller(ctx: Ctx, id: number): Promise<ResellerRow> {
  const [row] = await resellerById(ctx.db).execute({ id });
  if (!row) throw fail('fetchDetails');
  return row;
}

/** The account and the member acting for it; the member's facts come with the session, read once. */
export async function profile(ctx: Ctx, session: SessionReseller) {
  return { ...presentUser(await loadReseller(ctx, session.id)), member: presentMember(session) };
}

/** The fields a reseller may change on its own profile (000 §2): name, and status 1 or 2. */
export const EDITABLE_FIELDS = ['name', 'status'] as const;

export async function updateField(ctx: WriteCtx, id: number, field: string, value: string, ip?: string) {
  if (!(EDITABLE_FIELDS as readonly string[]).includes(field)) throw fail('fieldNotEditable');
  if (value === '') throw fail('fieldEmpty');
  const current = await loadReseller(ctx, id);
  const now = ctx.clock.now();
  let change: Partial<ResellerRow>;
  if (field === 'name') {
    if (value.length > 100) throw invalid('The name may not be greater than 100 characters', 'value');
    if (value === current.name) throw fail('nothingToUpdate');
    change = { name: value };
  } else {
    const status = Number(value);
    if (status !== ACCOUNT_STATUS.active && status !== ACCOUNT_STATUS.inactive) {
      throw invalid('Status must be 1 (Active) or 2 (Inactive)', 'value');
    }
    // The operator's suspension is the operator's to lift (operator/resellers.ts).
    if (current.suspensionReason !== null) throw fail('suspensionLocked', { reason: current.suspensionReason });
    if (status === current.status) throw fail('nothingToUpdate');
    change = { status };
  }
  const updated = await transact(ctx, async (unit) => {
    const { tx } = unit;
    const [row] = await tx
      .update(resellers)
      .set({ ...change, updatedAt: now })
      // A suspension landing meanwhile is not undone: the update finds no row, and says so.
      .where(and(eq(resellers.id, id), change.status !== undefined ? isNull(resellers.suspendedAt) : undefined))
      .returning();
    await audit(tx, {
      actorId: id,
      action: `reseller.${field}_updated`,
      targetType: 'reseller',
      targetId: id,
      data: { from: current[field as 'name' | 'status'], to: change[field as 'name' | 'status'] },
      ip,
    });
    if (change.status !== undefined) {
      await ctx.notifier.notify(unit, id, {
        type: 'status_changed',
        message:
          change.status === ACCOUNT_STATUS.active ? notice('accountActive') : notice('accountInactive'),
        redirect: 'profile',
      });
    }
    return row;
  });
  if (!updated) throw fail('updateProfileFailed');
  return { before: current, after: updated, user: presentUser(updated) };
}

/** Total Amount Credited: every deposit and credit the wallet received, in cents. */
export async function totalCreditedCents(ctx: Ctx, id: number): Promise<number> {
  const [row] = await rows<{ total: number | string | null }>(
    ctx.db,
    sql`select coalesce(sum(amount_cents), 0) as total from wallet_ledger
        where reseller_id = ${id} and kind in ('deposit', 'invoice_payment', 'admin_credit', 'operator_credit')`,
  );
  return Number(row?.total ?? 0);
}
