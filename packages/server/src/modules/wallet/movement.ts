/** A change of a wallet's balance, as its ledger row records it. */
import type { LedgerKind } from '../../db/schema/index.js';

export interface Movement {
  resellerId: number;
  amountCents: number;
  kind: LedgerKind;
  reference: string;
  description: string;
  /** Who caused it when it is not the wallet's owner (an admin parent). */
  actorId?: number | null;
  /** The payment a credit comes from (unique in the ledger). */
  paymentId?: number | null;
}
