CREATE TABLE "reseller_daily" (
	"reseller_id" integer NOT NULL,
	"day" date NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"coupons_generated" integer DEFAULT 0 NOT NULL,
	"coupons_redeemed" integer DEFAULT 0 NOT NULL,
	"coupons_deleted" integer DEFAULT 0 NOT NULL,
	"vpn_started" integer DEFAULT 0 NOT NULL,
	"vpn_ended" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reseller_daily_reseller_id_day_pk" PRIMARY KEY("reseller_id","day")
);
--> statement-breakpoint
ALTER TABLE "reseller_daily" ADD CONSTRAINT "reseller_daily_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "low_balance_threshold_cents" bigint;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('unpaid', 'paid', 'cancelled', 'pending'));--> statement-breakpoint
-- Deposits started before this migration and never paid were never owed: pending (expired when old), not unpaid.
UPDATE invoices SET status = 'pending' WHERE status = 'unpaid' AND (issued_by IS NULL OR issued_by = reseller_id);--> statement-breakpoint
-- The daily rollups move with the rows they count, in the same statement and transaction. Each
-- table's row contributes figures to days; a statement adds what its new rows contribute and
-- takes away what its old rows did, so an insert, an update and a delete all keep the sums exact.
CREATE FUNCTION utc_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT (t AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
CREATE FUNCTION add_to_daily(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reseller_daily AS r (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended)
  SELECT reseller_id, day, sum(spend), sum(generated), sum(redeemed), sum(deleted), sum(started), sum(ended)
  FROM jsonb_to_recordset(delta) AS d(reseller_id integer, day date, spend bigint, generated integer, redeemed integer, deleted integer, started integer, ended integer)
  GROUP BY reseller_id, day
  HAVING sum(spend) <> 0 OR sum(generated) <> 0 OR sum(redeemed) <> 0 OR sum(deleted) <> 0 OR sum(started) <> 0 OR sum(ended) <> 0
  ON CONFLICT (reseller_id, day) DO UPDATE SET
    spend_cents = r.spend_cents + excluded.spend_cents,
    coupons_generated = r.coupons_generated + excluded.coupons_generated,
    coupons_redeemed = r.coupons_redeemed + excluded.coupons_redeemed,
    coupons_deleted = r.coupons_deleted + excluded.coupons_deleted,
    vpn_started = r.vpn_started + excluded.vpn_started,
    vpn_ended = r.vpn_ended + excluded.vpn_ended
$$;--> statement-breakpoint
-- Spend: what the reseller paid for coupons and VPN accounts, less coupon refunds (the ledger is append-only).
CREATE FUNCTION roll_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reseller_daily AS r (reseller_id, day, spend_cents)
  SELECT reseller_id, utc_day(created_at), sum(-amount_cents) FROM added
  WHERE kind IN ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal')
  GROUP BY 1, 2
  ON CONFLICT (reseller_id, day) DO UPDATE SET spend_cents = r.spend_cents + excluded.spend_cents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_ledger_rolled AFTER INSERT ON wallet_ledger REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION roll_ledger();--> statement-breakpoint
-- A coupon counts as generated on the day it was made, redeemed and deleted on the days it was.
CREATE FUNCTION coupon_days(c coupons, sign integer) RETURNS TABLE (reseller_id integer, day date, generated integer, redeemed integer, deleted integer)
-- Volatile on purpose: an inlined set-returning function here trips PostgreSQL 15's planner
-- ("variable not found in subplan target list").
LANGUAGE sql AS $$
  SELECT c.reseller_id, utc_day(c.created_at), sign, 0, 0
  UNION ALL SELECT c.reseller_id, utc_day(c.redeemed_at), 0, sign, 0 WHERE c.redeemed_at IS NOT NULL
  UNION ALL SELECT c.reseller_id, utc_day(c.deleted_at), 0, 0, sign WHERE c.deleted_at IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION roll_coupons() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, sum(d.generated) AS generated, sum(d.redeemed) AS redeemed, sum(d.deleted) AS deleted, 0 AS started, 0 AS ended
      FROM added a, coupon_days(a, 1) d GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, sum(d.generated) AS generated, sum(d.redeemed) AS redeemed, sum(d.deleted) AS deleted, 0 AS started, 0 AS ended
      FROM removed a, coupon_days(a, -1) d GROUP BY 1, 2) x;
  ELSE
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, sum(d.generated) AS generated, sum(d.redeemed) AS redeemed, sum(d.deleted) AS deleted, 0 AS started, 0 AS ended
      FROM (SELECT d.* FROM added a, coupon_days(a, 1) d UNION ALL SELECT d.* FROM removed a, coupon_days(a, -1) d) d GROUP BY 1, 2) x;
  END IF;
  IF delta IS NOT NULL THEN PERFORM add_to_daily(delta); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER coupons_rolled_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();--> statement-breakpoint
CREATE TRIGGER coupons_rolled_update AFTER UPDATE ON coupons REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();--> statement-breakpoint
CREATE TRIGGER coupons_rolled_delete AFTER DELETE ON coupons REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();--> statement-breakpoint
-- An account starts on the day it was made and stops on the day its time ends, or on the day it
-- was suspended or deleted when that came first.
CREATE FUNCTION vpn_days(v vpn_accounts, sign integer) RETURNS TABLE (reseller_id integer, day date, started integer, ended integer)
LANGUAGE sql AS $$
  SELECT v.reseller_id, utc_day(v.created_at), sign, 0
  UNION ALL SELECT v.reseller_id,
    utc_day(CASE WHEN v.hosting_status = 'active' THEN v.end_at ELSE least(v.end_at, v.updated_at) END), 0, sign
$$;--> statement-breakpoint
CREATE FUNCTION roll_vpn_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, 0 AS generated, 0 AS redeemed, 0 AS deleted, sum(d.started) AS started, sum(d.ended) AS ended
      FROM added a, vpn_days(a, 1) d GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, 0 AS generated, 0 AS redeemed, 0 AS deleted, sum(d.started) AS started, sum(d.ended) AS ended
      FROM removed a, vpn_days(a, -1) d GROUP BY 1, 2) x;
  ELSE
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT d.reseller_id, d.day, 0 AS spend, 0 AS generated, 0 AS redeemed, 0 AS deleted, sum(d.started) AS started, sum(d.ended) AS ended
      FROM (SELECT d.* FROM added a, vpn_days(a, 1) d UNION ALL SELECT d.* FROM removed a, vpn_days(a, -1) d) d GROUP BY 1, 2) x;
  END IF;
  IF delta IS NOT NULL THEN PERFORM add_to_daily(delta); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vpn_accounts_rolled_insert AFTER INSERT ON vpn_accounts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();--> statement-breakpoint
CREATE TRIGGER vpn_accounts_rolled_update AFTER UPDATE ON vpn_accounts REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();--> statement-breakpoint
CREATE TRIGGER vpn_accounts_rolled_delete AFTER DELETE ON vpn_accounts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();--> statement-breakpoint
-- The days before this migration, from the rows themselves.
SELECT add_to_daily(coalesce((SELECT jsonb_agg(x) FROM (
  SELECT d.reseller_id, d.day, 0 AS spend, sum(d.generated) AS generated, sum(d.redeemed) AS redeemed, sum(d.deleted) AS deleted, 0 AS started, 0 AS ended
  FROM coupons a, coupon_days(a, 1) d GROUP BY 1, 2) x), '[]'));--> statement-breakpoint
SELECT add_to_daily(coalesce((SELECT jsonb_agg(x) FROM (
  SELECT d.reseller_id, d.day, 0 AS spend, 0 AS generated, 0 AS redeemed, 0 AS deleted, sum(d.started) AS started, sum(d.ended) AS ended
  FROM vpn_accounts a, vpn_days(a, 1) d GROUP BY 1, 2) x), '[]'));--> statement-breakpoint
INSERT INTO reseller_daily AS r (reseller_id, day, spend_cents)
SELECT reseller_id, utc_day(created_at), sum(-amount_cents) FROM wallet_ledger
WHERE kind IN ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal') GROUP BY 1, 2
ON CONFLICT (reseller_id, day) DO UPDATE SET spend_cents = r.spend_cents + excluded.spend_cents;
