/**
 * The operator's catalogue (issue 35): list prices and what is sold, changed with a history. A
 * change is a `catalogue_changes` row (who, when asked, when in effect, from, to) and an audit
 * entry, in one transaction; one effective now is applied in that transaction by the same database
 * function that applies scheduled ones when they fall due (`apply_catalogue_changes`,
 * db/sql/prices.sql). Either way products or addons change, the catalogue's version moves, and
 * every process's next charge is priced anew (products/price-cache.ts, `wallet_move`).
 */
import { sql } from 'drizzle-orm';
import { centsToDollars, type CatalogueChangeRow, type CatalogueProductRow, type CatalogueAddonRow } from '@partner-panel/sdk';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/index.js';
import { transact } from '../../db/unit.js';
import { catalogueChanges } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';
import { audit } from '../audit/index.js';
import { applyDueChanges } from '../products/pricing.js';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log'>;
type ItemType = 'product' | 'addon';
type Change = CatalogueChangeRow['change'];

interface PendingRow {
  id: number;
  item_type: ItemType;
  item_id: number;
  change: Change;
  to_cents: number | null;
  effective_at: Date;
}

const presentPending = (p: PendingRow) => ({
  id: Number(p.id),
  change: p.change,
  price: p.to_cents === null ? null : centsToDollars(Number(p.to_cents)),
  effective_at: new Date(p.effective_at).toISOString(),
});

/** The whole catalogue as it stands at the clock's now (changes due are applied first). */
export async function readCatalogue(ctx: Ctx): Promise<{ products: CatalogueProductRow[]; addons: CatalogueAddonRow[] }> {
  await applyDueChanges(ctx.db, ctx.clock.now());
  const [products, addons, pending] = await Promise.all([
    rows<{ id: number; billing_type: number; cycle: string; months: number; price_cents: number; active: boolean }>(
      ctx.db,
      sql`select id, billing_type, cycle, months, price_cents, active from products order by billing_type, cycle = 'lifetime' desc, months`,
    ),
    rows<{ id: number; key: string; name: string; monthly_price_cents: number | null; active: boolean }>(
      ctx.db,
      sql`select id, key, name, monthly_price_cents, active from addons order by id`,
    ),
    rows<PendingRow>(
      ctx.db,
      sql`select id, item_type, item_id, change, to_cents, effective_at from catalogue_changes where applied_at is null order by effective_at, id`,
    ),
  ]);
  const pendingOf = (type: ItemType, id: number) => pending.filter((p) => p.item_type === type && Number(p.item_id) === id).map(presentPending);
  return {
    products: products.map((p) => ({
      id: Number(p.id),
      billing_type: Number(p.billing_type),
      cycle: p.cycle,
      months: Number(p.months),
      price: centsToDollars(Number(p.price_cents)),
      active: p.active,
      pending: pendingOf('product', Number(p.id)),
    })),
    addons: addons.map((a) => ({
      id: Number(a.id),
      key: a.key,
      name: a.name,
      monthly_price: a.monthly_price_cents === null ? null : centsToDollars(Number(a.monthly_price_cents)),
      active: a.active,
      pending: pendingOf('addon', Number(a.id)),
    })),
  };
}

interface ChangeRow {
  id: number;
  item_type: ItemType;
  item_id: number;
  change: Change;
  from_cents: number | null;
  to_cents: number | null;
  person_id: number | null;
  person_name: string | null;
  person_email: string | null;
  created_at: Date;
  effective_at: Date;
  applied_at: Date | null;
  total?: number;
}

const presentChange = (r: ChangeRow): CatalogueChangeRow => ({
  id: Number(r.id),
  item_type: r.item_type,
  item_id: Number(r.item_id),
  change: r.change,
  from: r.from_cents === null ? null : centsToDollars(Number(r.from_cents)),
  to: r.to_cents === null ? null : centsToDollars(Number(r.to_cents)),
  person: r.person_id === null ? null : { id: Number(r.person_id), name: r.person_name ?? '', email: r.person_email ?? '' },
  created_at: new Date(r.created_at).toISOString(),
  effective_at: new Date(r.effective_at).toISOString(),
  applied_at: r.applied_at === null ? null : new Date(r.applied_at).toISOString(),
});

const changeSelect = sql`select c.id, c.item_type, c.item_id, c.change, c.from_cents, c.to_cents, c.person_id, p.name as person_name, p.email as person_email,
                                c.created_at, c.effective_at, c.applied_at
                         from catalogue_changes c left join people p on p.id = c.person_id`;

/** Every change, newest first (the history the page shows). */
export async function catalogueHistory(ctx: Ctx, paging: { page: number; limit: number }) {
  await applyDueChanges(ctx.db, ctx.clock.now());
  const found = await rows<ChangeRow>(
    ctx.db,
    sql`select h.*, count(*) over () as total from (${changeSelect}) h
        order by h.created_at desc, h.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
  );
  const total =
    found.length > 0 ? Number(found[0]?.total) : Number((await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from catalogue_changes`))[0]?.n ?? 0);
  return { data: found.map(presentChange), total };
}

/** The item's row, locked for the change (so two changes to one item are made one after the other). */
async function lockItem(tx: Tx, type: ItemType, id: number) {
  const [item] =
    type === 'product'
      ? await rows<{ price_cents: number | null; active: boolean }>(tx, sql`select price_cents, active from products where id = ${id} for update`)
      : await rows<{ price_cents: number | null; active: boolean }>(tx, sql`select monthly_price_cents as price_cents, active from addons where id = ${id} for update`);
  if (!item) throw fail('catalogueItemNotFound');
  return { priceCents: item.price_cents === null ? null : Number(item.price_cents), active: item.active };
}

async function record(
  ctx: Ctx,
  who: { operatorId: number; personId: number; ip?: string },
  input: { type: ItemType; id: number; change: Change; toCents: number | null; effectiveAt: Date | null },
  check: (item: { priceCents: number | null; active: boolean }) => void,
): Promise<CatalogueChangeRow> {
  const now = ctx.clock.now();
  const at = input.effectiveAt ?? now;
  // A time already past would be applied at once under the name of a schedule: said plainly instead.
  if (input.effectiveAt && at.getTime() <= now.getTime()) throw fail('catalogueEffectivePast');
  return transact(ctx, async (unit) => {
    const item = await lockItem(unit.tx, input.type, input.id);
    check(item);
    const [row] = await unit.tx
      .insert(catalogueChanges)
      .values({
        itemType: input.type,
        itemId: input.id,
        change: input.change,
        fromCents: input.change === 'price' ? item.priceCents : null,
        toCents: input.toCents,
        personId: who.personId,
        createdAt: now,
        effectiveAt: at,
      })
      .returning({ id: catalogueChanges.id });
    const id = Number(row?.id);
    // At once: the same function that applies a scheduled change, now (it also applies any other now due).
    if (at.getTime() <= now.getTime()) await applyDueChanges(unit.tx, now);
    await audit(unit.tx, {
      actorId: who.operatorId,
      personId: who.personId,
      action: `catalogue.${input.change}`,
      targetType: input.type,
      targetId: input.id,
      data: { change_id: id, effective_at: at.toISOString() },
      before: input.change === 'price' ? { price_cents: item.priceCents } : { active: item.active },
      after: input.change === 'price' ? { price_cents: input.toCents } : { active: input.change === 'reinstate' },
      ip: who.ip,
    });
    const [saved] = await rows<ChangeRow>(unit.tx, sql`${changeSelect} where c.id = ${id}`);
    if (!saved) throw new Error('catalogue change not read back');
    return presentChange(saved);
  });
}

/** A new price, at once or from `effectiveAt`, asked by the operator's member `who.personId`. */
export async function changePrice(ctx: Ctx, who: { operatorId: number; personId: number; ip?: string }, input: { type: ItemType; id: number; cents: number; effectiveAt: Date | null }) {
  return record(ctx, who, { type: input.type, id: input.id, change: 'price', toCents: input.cents, effectiveAt: input.effectiveAt }, (item) => {
    if (!input.effectiveAt && item.priceCents === input.cents) throw fail('catalogueUnchanged');
  });
}

/** Withdraws an item from sale or reinstates it, at once. */
export async function setAvailability(ctx: Ctx, who: { operatorId: number; personId: number; ip?: string }, input: { type: ItemType; id: number; active: boolean }) {
  return record(ctx, who, { type: input.type, id: input.id, change: input.active ? 'reinstate' : 'withdraw', toCents: null, effectiveAt: null }, (item) => {
    if (item.active === input.active) throw fail('catalogueUnchanged');
  });
}
