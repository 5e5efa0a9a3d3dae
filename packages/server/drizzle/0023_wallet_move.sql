-- wallet_batch_debits is replaced by wallet_move (src/db/sql/wallet.sql), which debits and credits
-- alike and appends the ledger rows itself: nothing calls it any more.
DROP FUNCTION wallet_batch_debits(integer, jsonb);
--> statement-breakpoint
-- wallet_charge_batch now answers wallet_move's answers whole: a new result type, which CREATE OR
-- REPLACE cannot give an existing function (the file creates it again after the migrations).
DROP FUNCTION wallet_charge_batch(integer, jsonb);
