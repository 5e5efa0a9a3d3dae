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
