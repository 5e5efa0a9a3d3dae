/** Writes the catalogue file to the database: products and addons, idempotent, at every start. */
import { sql } from 'drizzle-orm';
import { CYCLES } from '@partner-panel/sdk';
import type { Db } from '../../db/index.js';
import { addons, products } from '../../db/schema/index.js';
import { ADDONS, PRODUCTS } from '../../catalogue.js';

export async function syncCatalogue(db: Db) {
  await db
    .insert(products)
    .values(PRODUCTS.map((p) => ({ ...p, months: CYCLES[p.cycle].months, active: true })))
    .onConflictDoUpdate({
      target: products.id,
      set: { priceCents: sql`excluded.price_cents`, months: sql`excluded.months`, billingType: sql`excluded.billing_type`, cycle: sql`excluded.cycle`, active: sql`true` },
    });
  await db
    .insert(addons)
    .values(ADDONS.map((a) => ({ ...a, active: true })))
    .onConflictDoUpdate({
      target: addons.id,
      set: { name: sql`excluded.name`, key: sql`excluded.key`, monthlyPriceCents: sql`excluded.monthly_price_cents`, active: sql`true` },
    });
}
