/**
 * The charges waiting for each busy wallet of one app, which group-commit.ts gathers into batches.
 * They belong to the app (its context's `chargeQueues`, made in app.ts), not to the module: two apps
 * in one process (the tests) never share one. Types only and the factory, apart from the draining
 * code, so the context can name them without importing it.
 */
import type { TableRows } from './batch-rows.js';
import type { MoveSpec } from './movement.js';

/** What a paid charge answers: the wallet after it, and when its transaction began (its rows' `now()`). */
export interface Paid {
  out_balance: number;
  out_credit_limit: number;
  out_threshold: number | null;
  at: Date;
}

/** A charge as `wallet_charge_batch` reads it: its movement (as `wallet_move` does) and its rows. */
export interface ChargeSpec extends MoveSpec {
  rows: TableRows[];
}

export interface Pending {
  spec: ChargeSpec;
  resolve(paid: Paid): void;
  reject(error: unknown): void;
}

/** The charges waiting for one wallet. */
export interface WalletQueue {
  items: Pending[];
  /** Batches of this wallet under way in this process. */
  running: number;
}

/** The per-wallet queues of one app, by reseller. */
export type ChargeQueues = Map<number, WalletQueue>;

export const createChargeQueues = (): ChargeQueues => new Map();
