-- Prices: the two versions a charge checks its price book against.
--
-- catalogue_changed(): adds 1 to catalogue_version on any change to products or addons (triggers
--   products_versioned*, addons_versioned*, *_truncated). Called by PostgreSQL on writes from
--   modules/products (the admin's catalogue).
-- reseller_prices_changed(): adds 1 to resellers.prices_version of the reseller whose own prices
--   changed (trigger reseller_prices_versioned). Called by PostgreSQL on writes from
--   modules/products (a reseller's prices).
-- Both versions are read by modules/products/pricing.ts with the price book each app keeps, and
-- checked by wallet_move (wallet.sql): a charge priced from an older book is stale.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.catalogue_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.reseller_prices_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE resellers SET prices_version = prices_version + 1 WHERE id = OLD.reseller_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.reseller_id <> OLD.reseller_id) THEN
    UPDATE resellers SET prices_version = prices_version + 1 WHERE id = NEW.reseller_id;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER products_versioned AFTER INSERT OR DELETE ON public.products FOR EACH ROW EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER products_versioned_update AFTER UPDATE ON public.products FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER products_truncated AFTER TRUNCATE ON public.products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER addons_versioned AFTER INSERT OR DELETE ON public.addons FOR EACH ROW EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER addons_versioned_update AFTER UPDATE ON public.addons FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER addons_truncated AFTER TRUNCATE ON public.addons FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

CREATE OR REPLACE TRIGGER reseller_prices_versioned AFTER INSERT OR DELETE OR UPDATE ON public.reseller_prices FOR EACH ROW EXECUTE FUNCTION reseller_prices_changed();

-- apply_catalogue_changes(at): applies, in the order they fall due, the operator's scheduled changes
--   (catalogue_changes) whose effective_at has come by `at`: a price onto products or addons (its
--   from_cents the price it replaced), a withdrawal or reinstatement onto `active`; marks each
--   applied and answers how many. The writes move catalogue_version through the triggers above, so
--   every kept price book is stale at its next charge. Rows another transaction is applying are
--   skipped (it moves the version when it commits). Called by modules/products/pricing.ts when a
--   price book names a change due (its next_due), and by modules/operator/catalogue.ts.
-- catalogue_changes_versioned: writing a change (scheduled or applied) moves catalogue_version, so a
--   kept book is read again and learns the next change's time.

CREATE OR REPLACE FUNCTION public.apply_catalogue_changes(at timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  c record;
  applied integer := 0;
  was integer;
BEGIN
  FOR c IN
    SELECT * FROM catalogue_changes
     WHERE applied_at IS NULL AND effective_at <= at
     ORDER BY effective_at, id
     FOR UPDATE SKIP LOCKED
  LOOP
    IF c.item_type = 'product' THEN
      SELECT price_cents INTO was FROM products WHERE id = c.item_id;
      IF c.change = 'price' THEN
        UPDATE products SET price_cents = c.to_cents WHERE id = c.item_id;
      ELSE
        UPDATE products SET active = (c.change = 'reinstate') WHERE id = c.item_id;
      END IF;
    ELSE
      SELECT monthly_price_cents INTO was FROM addons WHERE id = c.item_id;
      IF c.change = 'price' THEN
        UPDATE addons SET monthly_price_cents = c.to_cents WHERE id = c.item_id;
      ELSE
        UPDATE addons SET active = (c.change = 'reinstate') WHERE id = c.item_id;
      END IF;
    END IF;
    UPDATE catalogue_changes SET applied_at = at, from_cents = CASE WHEN c.change = 'price' THEN was ELSE NULL END WHERE id = c.id;
    applied := applied + 1;
  END LOOP;
  RETURN applied;
END $function$;

CREATE OR REPLACE TRIGGER catalogue_changes_versioned AFTER INSERT OR UPDATE ON public.catalogue_changes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
