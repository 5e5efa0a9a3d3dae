/**
 * Seeds an empty catalogue from the catalogue file (src/catalogue.ts): products and addons it lacks
 * are written at start, and nothing already there is changed. Prices, withdrawals and
 * reinstatements are the operator's (modules/operator), kept with their history in the database.
 */
import { CYCLES } from '@partner-panel/sdk';
import type { Db } from '../../db/index.js';
import { addons, products } from '../../db/schema/index.js';
import { ADDONS, PRODUCTS } from '../../catalogue.js';

export async function seedCatalogue(db: Db) {
  await db
    .insert(products)
    .values(PRODUCTS.map((p) => ({ ...p, months: CYCLES[p.cycle].months, active: true })))
    .onConflictDoNothing();
  await db
    .insert(addons)
    .values(ADDONS.map((a) => ({ ...a, active: true })))
    .onConflictDoNothing();
}
