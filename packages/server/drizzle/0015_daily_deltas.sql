CREATE TABLE "reseller_daily_delta" (
	"reseller_id" integer NOT NULL,
	"day" date NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"coupons_generated" integer DEFAULT 0 NOT NULL,
	"coupons_redeemed" integer DEFAULT 0 NOT NULL,
	"coupons_deleted" integer DEFAULT 0 NOT NULL,
	"vpn_started" integer DEFAULT 0 NOT NULL,
	"vpn_ended" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reseller_daily_delta_idx" ON "reseller_daily_delta" USING btree ("reseller_id","day");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
-- The rollup triggers append to reseller_daily_delta instead of updating the day's row: on one busy
-- wallet every charge of the day used to wait for the one before it to commit, twice (the wallet
-- row and the day row), taken in opposite orders by a generation and a bare debit.
CREATE OR REPLACE FUNCTION add_to_daily(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reseller_daily_delta (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended)
  SELECT reseller_id, day, sum(spend), sum(generated), sum(redeemed), sum(deleted), sum(started), sum(ended)
  FROM jsonb_to_recordset(delta) AS d(reseller_id integer, day date, spend bigint, generated integer, redeemed integer, deleted integer, started integer, ended integer)
  GROUP BY reseller_id, day
  HAVING sum(spend) <> 0 OR sum(generated) <> 0 OR sum(redeemed) <> 0 OR sum(deleted) <> 0 OR sum(started) <> 0 OR sum(ended) <> 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION roll_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reseller_daily_delta (reseller_id, day, spend_cents)
  SELECT reseller_id, utc_day(created_at), sum(-amount_cents) FROM added
  WHERE kind IN ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal')
  GROUP BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
-- What readers see: the folded days plus what has not been folded yet.
CREATE VIEW reseller_days AS
  SELECT reseller_id, day, sum(spend_cents)::bigint AS spend_cents, sum(coupons_generated)::bigint AS coupons_generated,
         sum(coupons_redeemed)::bigint AS coupons_redeemed, sum(coupons_deleted)::bigint AS coupons_deleted,
         sum(vpn_started)::bigint AS vpn_started, sum(vpn_ended)::bigint AS vpn_ended
  FROM (SELECT reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended FROM reseller_daily
        UNION ALL
        SELECT reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended FROM reseller_daily_delta) AS d
  GROUP BY reseller_id, day;--> statement-breakpoint
-- Moves the appended rows into their days. Safe to run from several processes at once: a row is
-- deleted by one fold only (a second waits for it, then finds the row gone), and the insert
-- happens in the same statement as the delete. Answers how many rows it moved.
CREATE FUNCTION fold_daily() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM reseller_daily_delta RETURNING *),
  summed AS (
    INSERT INTO reseller_daily AS r (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended)
    SELECT m.reseller_id, m.day, sum(m.spend_cents), sum(m.coupons_generated), sum(m.coupons_redeemed), sum(m.coupons_deleted), sum(m.vpn_started), sum(m.vpn_ended)
    FROM moved m WHERE EXISTS (SELECT 1 FROM resellers WHERE id = m.reseller_id)
    GROUP BY m.reseller_id, m.day
    ON CONFLICT (reseller_id, day) DO UPDATE SET
      spend_cents = r.spend_cents + excluded.spend_cents,
      coupons_generated = r.coupons_generated + excluded.coupons_generated,
      coupons_redeemed = r.coupons_redeemed + excluded.coupons_redeemed,
      coupons_deleted = r.coupons_deleted + excluded.coupons_deleted,
      vpn_started = r.vpn_started + excluded.vpn_started,
      vpn_ended = r.vpn_ended + excluded.vpn_ended
    RETURNING 1
  )
  SELECT count(*)::integer FROM moved
$$;
--> statement-breakpoint
-- A charge that refuses by raising (SQLSTATE PP402) instead of answering no row, so that it can
-- be the last statement of a transaction with the COMMIT sent right behind it: when the wallet
-- cannot pay, PostgreSQL ends the transaction with a rollback and nothing of it is written.
-- The conditional update and the ledger row are one statement, as in wallet/service.ts's debit.
CREATE FUNCTION wallet_charge(p_reseller integer, p_amount bigint, p_kind text, p_reference text, p_description text,
                              p_actor integer, p_at timestamptz, p_coupons integer)
RETURNS TABLE (out_balance bigint, out_credit_limit bigint, out_threshold bigint) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    WITH paid AS (
      UPDATE resellers r SET balance_cents = r.balance_cents - p_amount, updated_at = now(), coupons_total = r.coupons_total + p_coupons
      WHERE r.id = p_reseller AND r.balance_cents - p_amount >= -r.credit_limit_cents
      RETURNING r.balance_cents, r.credit_limit_cents, r.low_balance_threshold_cents
    ), booked AS (
      INSERT INTO wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description, actor_id, created_at)
      SELECT p_reseller, -p_amount, paid.balance_cents, p_kind, p_reference, p_description, p_actor, p_at FROM paid
      RETURNING balance_after_cents
    )
    SELECT booked.balance_after_cents::bigint, paid.credit_limit_cents::bigint, paid.low_balance_threshold_cents::bigint FROM booked, paid;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the wallet of reseller % cannot pay %', p_reseller, p_amount USING ERRCODE = 'PP402';
  END IF;
END $$;
