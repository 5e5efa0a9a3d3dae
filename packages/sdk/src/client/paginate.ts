/**
 * Auto-pagination of the paged lists: an async iterator over every row, fetching page after page
 * while there are more, and `toArray` with a hard cap so a loop can never load a whole table by
 * mistake.
 */
import type { Contract } from '../contract/index.js';
import type { CallInputOf, CallResult } from '../contract/define.js';

/** The paged calls and where each answer keeps its rows. */
const PAGED = {
  listCoupons: 'data',
  listUserCoupons: 'data',
  listVpnAccounts: 'data',
  listUserVpnAccounts: 'data',
  listUsers: 'data',
  notifications: 'data',
  transactions: 'transactions',
} as const;
type Paged = typeof PAGED;

export type Pageable = keyof Paged;
export type PageInput<K extends Pageable> = Omit<CallInputOf<Contract[K]>, 'page'>;
type RowsOf<K extends Pageable> = CallResult<Contract[K]>[Paged[K] & keyof CallResult<Contract[K]>];
export type PageRow<K extends Pageable> = RowsOf<K> extends readonly (infer R)[] ? R : never;

export interface Paginated<R> extends AsyncIterable<R> {
  /** Every row, at most `limit` (default 10 000); past the cap it stops reading pages. */
  toArray(options?: { limit?: number }): Promise<R[]>;
}

export const isPageable = (name: string): name is Pageable => name in PAGED;

export function paginate<K extends Pageable>(
  name: K,
  input: PageInput<K> | undefined,
  fetchPage: (input: Record<string, unknown>) => Promise<unknown>,
): Paginated<PageRow<K>> {
  async function* rows(): AsyncGenerator<PageRow<K>> {
    const base = { ...(input as Record<string, unknown> | undefined) };
    let seen = 0;
    for (let page = 1; ; page++) {
      const answer = (await fetchPage({ ...base, page })) as Record<string, unknown>;
      const batch = (answer[PAGED[name]] ?? []) as PageRow<K>[];
      for (const row of batch) yield row;
      seen += batch.length;
      const total = typeof answer.total === 'number' && answer.total_capped !== true ? answer.total : null;
      const lastPage = typeof answer.last_page === 'number' ? answer.last_page : null;
      const pageLimit = typeof base.page_limit === 'number' ? base.page_limit : null;
      if (batch.length === 0) return;
      if (lastPage !== null && page >= lastPage) return;
      if (total !== null && seen >= total) return;
      if (pageLimit !== null && batch.length < pageLimit) return;
    }
  }
  return {
    [Symbol.asyncIterator]: rows,
    async toArray({ limit = 10_000 } = {}) {
      const out: PageRow<K>[] = [];
      if (limit <= 0) return out;
      for await (const row of rows()) {
        out.push(row);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

/** A page of a cursor list (`limit` + `starting_after`, as Stripe's lists). */
export interface CursorPage<R> {
  data: R[];
  has_more: boolean;
}

/**
 * Every item of a cursor list, page after page: the next page starts after the last item seen,
 * so items added during the walk never shift it (none is missed or seen twice).
 */
export function paginateCursor<R, C extends string | number>(
  fetchPage: (startingAfter: C | undefined) => Promise<CursorPage<R>>,
  cursorOf: (item: R) => C,
): Paginated<R> {
  async function* items(): AsyncGenerator<R> {
    let after: C | undefined;
    for (;;) {
      const page = await fetchPage(after);
      for (const item of page.data) yield item;
      const last = page.data.at(-1);
      if (!page.has_more || last === undefined) return;
      after = cursorOf(last);
    }
  }
  return {
    [Symbol.asyncIterator]: items,
    async toArray({ limit = 10_000 } = {}) {
      const out: R[] = [];
      if (limit <= 0) return out;
      for await (const item of items()) {
        out.push(item);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
