/**
 * Price books kept by the process between calls. A call on a busy wallet read its reseller's book
 * from PostgreSQL every time: one more round trip than the charge itself needed, and a third of a
 * generation's time in this process (docs/performance.md). A book kept here is never trusted alone:
 * the charge it prices names the versions it was read at, and the statement that charges the wallet
 * refuses it as stale, writing nothing, when the catalogue or the reseller's own prices have moved
 * since (`wallet_move`, db/sql/wallet.sql) — in this process or any other. The call is then priced again from a book
 * read afresh, so that no charge is ever made at a price that was not current when it committed.
 */
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { errors } from '@partner-panel/sdk';
import { StalePrices } from '../wallet/group-commit.js';
import { bookIsDue, priceBook, type PriceBook, type PriceBooks } from './pricing.js';

/**
 * The books one app keeps (its context's `priceBooks`, made in app.ts): two apps in one process on
 * one database are two processes to it, and never share one.
 */
export const createPriceBooks = (): PriceBooks => new Map();

/** Resellers whose books are kept at once; the one read longest ago goes first (a book is about a kilobyte). */
const KEPT = 10_000;
/** The refusals of a product or addon that is not sold. */
const UNSOLD = new Set<string>([errors.productNotFound.code, errors.addonNotFound.code]);
/** Times a call is priced again from a fresh book before it answers that it could not be. */
const ATTEMPTS = 3;

type Ctx = Pick<AppContext, 'db' | 'priceBooks' | 'clock'>;

async function freshBook(ctx: Ctx, resellerId: number) {
  const book = await priceBook(ctx.db, resellerId, ctx.clock.now());
  const books = ctx.priceBooks;
  books.delete(resellerId);
  books.set(resellerId, book);
  if (books.size > KEPT) books.delete(books.keys().next().value as number);
  return book;
}

/**
 * Runs a paid call with its reseller's price book: the kept one when `kept` (only for calls whose
 * every charge is checked by the wallet's statement), else one read now; once more, from a book
 * read afresh, when its charge was refused as stale.
 */
export async function withPriceBook<T>(ctx: Ctx, resellerId: number, call: (book: PriceBook) => Promise<T>, options: { kept: boolean }): Promise<T> {
  let book = options.kept ? ctx.priceBooks.get(resellerId) : undefined;
  // A kept book that names an operator's change now due is not current, though no version has moved yet.
  if (book && bookIsDue(book, ctx.clock.now())) book = undefined;
  for (let attempt = 1; ; attempt++) {
    const kept = book !== undefined;
    book ??= await freshBook(ctx, resellerId);
    try {
      return await call(book);
    } catch (error) {
      // A kept book that lacks the product or addon asked for may predate its reinstatement: a
      // refusal is only said from a book read now.
      if (kept && error instanceof AppError && UNSOLD.has(String(error.entry.code))) {
        book = undefined;
        continue;
      }
      if (!(error instanceof StalePrices)) throw error;
      // Prices that moved at every attempt: a change is under way, the caller looks again.
      if (attempt >= ATTEMPTS) throw fail('pricesChanged');
      book = undefined;
    }
  }
}
