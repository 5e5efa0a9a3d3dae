/**
 * What a reseller pays: the list price of each product, or the reseller's own price for that type
 * and cycle when its admin set one; addons cost their monthly price × the cycle's months.
 */
import { sql } from 'drizzle-orm';
import { centsToDollars, type AddonKey, type Cycle, type Products } from '@partner-panel/sdk';
import type { Tx } from '../../db/index.js';
import { preparedOn } from '../../db/prepared.js';
import { addons, products, resellerPrices, resellers } from '../../db/schema/index.js';
import { fail } from '../../http/errors.js';

export interface PricedProduct {
  id: number;
  billingType: 1 | 2;
  cycle: Cycle;
  months: number;
  priceCents: number;
}

export interface PricedAddon {
  id: number;
  key: AddonKey;
  name: string;
  monthlyPriceCents: number | null;
}

/** What a book was read at: the catalogue's version and the reseller's own prices' (migration 0019). */
export interface PriceVersions {
  catalogue: number;
  reseller: number;
}

export interface PriceBook {
  products: PricedProduct[];
  addons: PricedAddon[];
  versions: PriceVersions;
  /** When the operator's next scheduled change falls due (catalogue_changes); null: none pending. */
  nextDue: Date | null;
}

/** Books kept by one app between calls, by reseller (price-cache.ts). */
export type PriceBooks = Map<number, PriceBook>;

/**
 * One statement, the products and the addons as JSON: every paid call reads it, so it is one round
 * trip and no row mapping, prepared once per connection (its planning cost more than its run).
 */
const priceBookOf = preparedOn((db) =>
  db
    .select({
      products: sql<PricedProduct[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'billingType', p.billing_type, 'cycle', p.cycle, 'months', p.months,
                                                  'priceCents', coalesce(rp.price_cents, p.price_cents))
                                -- The lifetime plan leads its type, then the cycles from shortest to longest.
                                order by p.billing_type, p.cycle = 'lifetime' desc, p.months), '[]')
       from ${products} p
       left join ${resellerPrices} rp on rp.reseller_id = ${sql.placeholder('reseller')} and rp.billing_type = p.billing_type and rp.cycle = p.cycle
       where p.active)`,
      addons: sql<PricedAddon[]>`(select coalesce(json_agg(json_build_object('id', a.id, 'key', a.key, 'name', a.name, 'monthlyPriceCents', a.monthly_price_cents) order by a.id), '[]')
       from ${addons} a where a.active)`,
      // Read in the same statement as the prices, so that they name exactly what was read.
      catalogue: sql<string>`(select version from catalogue_version)`,
      reseller: sql<number | null>`(select prices_version from ${resellers} where id = ${sql.placeholder('reseller')})`,
      nextDue: sql<string | null>`(select min(effective_at) from catalogue_changes where applied_at is null)`,
    })
    .from(sql`(select) as one`)
    .prepare('price_book'),
);

async function readBook(db: Tx, resellerId: number): Promise<PriceBook> {
  const [book] = await priceBookOf(db).execute({ reseller: resellerId });
  return {
    products: book?.products ?? [],
    addons: book?.addons ?? [],
    versions: { catalogue: Number(book?.catalogue ?? 0), reseller: Number(book?.reseller ?? 0) },
    nextDue: book?.nextDue ? new Date(book.nextDue) : null,
  };
}

/** Whether a book names an operator's change that has fallen due by `now` (so it is no longer current). */
export const bookIsDue = (book: PriceBook, now: Date) => book.nextDue !== null && book.nextDue.getTime() <= now.getTime();

/** Applies the operator's changes due by `now` (db/sql/prices.sql); the catalogue's version moves with them. */
export async function applyDueChanges(db: Tx, now: Date) {
  await db.execute(sql`select apply_catalogue_changes(${now.toISOString()}::timestamptz)`);
}

/**
 * A reseller's prices as they stand at `now`: when the operator's next scheduled change is due, it
 * is applied first (by whichever call reads a book first), then the book is read again.
 */
export async function priceBook(db: Tx, resellerId: number, now: Date): Promise<PriceBook> {
  const book = await readBook(db, resellerId);
  if (!bookIsDue(book, now)) return book;
  await applyDueChanges(db, now);
  return readBook(db, resellerId);
}

export interface Priced {
  product: PricedProduct;
  addon: PricedAddon | null;
  unitCents: number;
}

/** The price of one unit of a product (with an addon), checking the product matches the form. */
export function priceOf(book: PriceBook, input: { productId: number; billingType: number; cycle: string; addonId: number | null }): Priced {
  const product = book.products.find((p) => p.id === input.productId);
  if (!product || product.billingType !== input.billingType || product.cycle !== input.cycle) throw fail('productNotFound');
  let addon: PricedAddon | null = null;
  if (input.addonId !== null) {
    addon = book.addons.find((a) => a.id === input.addonId) ?? null;
    if (!addon || addon.monthlyPriceCents === null) throw fail('addonNotFound');
  }
  return { product, addon, unitCents: product.priceCents + (addon ? (addon.monthlyPriceCents ?? 0) * product.months : 0) };
}

/** The products answer of 001 §3: per type, products and addons keyed by cycle, and addon_type. */
export function presentProducts(book: PriceBook): Products {
  const monthly = (key: AddonKey) => {
    const cents = book.addons.find((a) => a.key === key)?.monthlyPriceCents;
    return cents === undefined || cents === null ? null : centsToDollars(cents);
  };
  const group = (billingType: 1 | 2) => {
    const own = book.products.filter((p) => p.billingType === billingType);
    const product: Products['recurring']['product'] = {};
    const addon: Record<string, unknown> = {
      dedicated_ip_monthly_price: monthly('dedicated_ip'),
      port_forwarding_monthly_price: monthly('port_forwarding'),
      multi_login_20_sessions_monthly_price: monthly('multi_login_20_sessions'),
    };
    for (const p of own) {
      product[p.cycle] = { id: p.id, price: centsToDollars(p.priceCents) };
      const entry = (key: AddonKey) => {
        const a = book.addons.find((x) => x.key === key);
        return a && a.monthlyPriceCents !== null ? { id: a.id, price: centsToDollars(a.monthlyPriceCents * p.months) } : null;
      };
      addon[p.cycle] = {
        dedicated_ip: entry('dedicated_ip') ?? { id: 0, price: 0 },
        port_forwarding: entry('port_forwarding') ?? { id: 0, price: 0 },
        multi_login_20_sessions: entry('multi_login_20_sessions'),
      };
    }
    return { product, addon: addon as Products['recurring']['addon'] };
  };
  return {
    recurring: group(1),
    onetime: group(2),
    addon_type: book.addons.map((a) => ({ id: a.id, name: a.name })),
  };
}
