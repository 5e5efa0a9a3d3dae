ALTER TABLE "resellers" ADD COLUMN "prices_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Price books are kept by each process between calls (products/price-cache.ts). A charge priced from
-- one names the versions the book was read at, and the statement that charges the wallet refuses
-- it, writing nothing, when either has moved since: the process reads the book again and prices the
-- call again. The catalogue's version moves with any change to a product or an addon (the catalogue
-- file written at a start, or by hand); a reseller's own with any change to its prices.
CREATE TABLE catalogue_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO catalogue_version (version) VALUES (1);
--> statement-breakpoint
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_versioned AFTER INSERT OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
-- The catalogue written again unchanged at a start moves nothing.
CREATE TRIGGER products_versioned_update AFTER UPDATE ON products FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER addons_versioned AFTER INSERT OR DELETE ON addons FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER addons_versioned_update AFTER UPDATE ON addons FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER addons_truncated AFTER TRUNCATE ON addons FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE FUNCTION reseller_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE resellers SET prices_version = prices_version + 1 WHERE id = OLD.reseller_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.reseller_id <> OLD.reseller_id) THEN
    UPDATE resellers SET prices_version = prices_version + 1 WHERE id = NEW.reseller_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reseller_prices_versioned AFTER INSERT OR UPDATE OR DELETE ON reseller_prices FOR EACH ROW EXECUTE FUNCTION reseller_prices_changed();
--> statement-breakpoint
DROP FUNCTION wallet_charge_batch(integer, jsonb);
--> statement-breakpoint
DROP FUNCTION wallet_batch_debits(integer, jsonb);
--> statement-breakpoint
-- Each item's debit in order, the wallet's row locked once and written once for the batch; answers
-- [item, paid, balance after, credit limit, threshold, stale prices] for each. An item priced from
-- versions that have moved is refused as stale, whatever the balance.
CREATE FUNCTION wallet_batch_debits(p_reseller integer, p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  n integer := -1;
  v_amount bigint;
  v_balance bigint;
  v_limit bigint;
  v_threshold bigint;
  v_prices integer;
  v_catalogue bigint;
  v_coupons integer := 0;
  v_paid boolean := false;
  answers jsonb := '[]';
BEGIN
  SELECT r.balance_cents, r.credit_limit_cents, r.low_balance_threshold_cents, r.prices_version INTO v_balance, v_limit, v_threshold, v_prices
  FROM resellers r WHERE r.id = p_reseller FOR NO KEY UPDATE;
  SELECT c.version INTO v_catalogue FROM catalogue_version c;
  FOR it IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    n := n + 1;
    v_amount := (it->>'amount')::bigint;
    IF v_balance IS NULL THEN
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, NULL, NULL, NULL, false));
    ELSIF (it->'prices'->>0)::bigint IS DISTINCT FROM v_catalogue OR (it->'prices'->>1)::integer IS DISTINCT FROM v_prices THEN
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, NULL, NULL, NULL, true));
    ELSIF v_amount = 0 OR v_balance - v_amount >= -v_limit THEN
      -- A free item (nothing to pay) only moves the coupon counter.
      v_balance := v_balance - v_amount;
      v_coupons := v_coupons + coalesce((it->>'coupons')::integer, 0);
      v_paid := true;
      answers := answers || jsonb_build_array(jsonb_build_array(n, true, v_balance, v_limit, v_threshold, false));
    ELSE
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, NULL, NULL, NULL, false));
    END IF;
  END LOOP;
  IF v_paid THEN
    UPDATE resellers r SET balance_cents = v_balance, coupons_total = r.coupons_total + v_coupons, updated_at = now() WHERE r.id = p_reseller;
  END IF;
  RETURN answers;
END $$;
--> statement-breakpoint
CREATE FUNCTION wallet_charge_batch(p_reseller integer, p_items jsonb)
RETURNS TABLE (item integer, paid boolean, stale boolean, out_balance bigint, out_credit_limit bigint, out_threshold bigint, out_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  answers jsonb;
  a jsonb;
BEGIN
  BEGIN
    PERFORM wallet_batch_rows(p_items, NULL);
    answers := wallet_batch_debits(p_reseller, p_items);
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(answers) AS x(a) WHERE NOT (a->>1)::boolean) THEN
      RAISE EXCEPTION 'a charge of the batch was refused' USING ERRCODE = 'PP409';
    END IF;
  EXCEPTION WHEN SQLSTATE 'PP409' THEN
    answers := wallet_batch_debits(p_reseller, p_items);
    PERFORM wallet_batch_rows(p_items, answers);
  END;

  INSERT INTO wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description, actor_id, created_at)
  SELECT p_reseller, -(i.it->>'amount')::bigint, (x.a->>2)::bigint, i.it->>'kind', coalesce(i.it->>'reference', ''), i.it->>'description',
         (i.it->>'actor')::integer, (i.it->>'at')::timestamptz
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(it, o) JOIN jsonb_array_elements(answers) WITH ORDINALITY AS x(a, o) USING (o)
  WHERE (x.a->>1)::boolean AND (i.it->>'amount')::bigint > 0
  ORDER BY o;

  FOR a IN SELECT value FROM jsonb_array_elements(answers) LOOP
    item := (a->>0)::integer; paid := (a->>1)::boolean; stale := (a->>5)::boolean;
    out_balance := (a->>2)::bigint; out_credit_limit := (a->>3)::bigint; out_threshold := (a->>4)::bigint; out_at := now();
    RETURN NEXT;
  END LOOP;
END $$;
