/** Reading and poking the test database directly, for facts the API does not show. */
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.js';

export async function query<T>(t: TestApp, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

export async function balanceCents(t: TestApp, resellerId: number): Promise<number> {
  const [row] = await query<{ b: number }>(t, sql`select balance_cents as b from resellers where id = ${resellerId}`);
  return Number(row?.b);
}

export async function ledger(t: TestApp, resellerId: number) {
  return query<{ amount_cents: number; balance_after_cents: number; kind: string; reference: string; actor_id: number | null }>(
    t,
    sql`select amount_cents, balance_after_cents, kind, reference, actor_id from wallet_ledger where reseller_id = ${resellerId} order by id`,
  );
}

/** A reseller of our own, verified, with a balance backed by a ledger row. */
export async function fundedReseller(t: TestApp, email: string, cents: number, extra: { parentId?: number; status?: number } = {}) {
  const password = 'Funded!Password1';
  await t.client().register({ email, name: email.split('@')[0] as string, password, password_confirmation: password });
  const [row] = await query<{ id: number }>(t, sql`update resellers set verified_at = now(), balance_cents = ${cents},
      parent_id = ${extra.parentId ?? null}, status = ${extra.status ?? 1} where lower(email) = lower(${email}) returning id`);
  const id = Number(row?.id);
  // Its Owner's mailbox too: signing in is the person's.
  await t.database.db.execute(sql`update people set verified_at = now() where lower(email) = lower(${email})`);
  if (cents > 0) {
    await t.database.db.execute(sql`insert into wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, description)
      values (${id}, ${cents}, ${cents}, 'deposit', 'Test funds')`);
  }
  const session = await t.signIn(email, password);
  return { id, ...session };
}
