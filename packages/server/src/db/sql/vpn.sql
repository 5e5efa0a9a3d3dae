-- VPN accounts: the columns lists read instead of joining or counting.
--
-- copy_vpn_coupon_code(): copies the coupon's code onto a VPN account when it is made or its coupon
--   changes (trigger vpn_accounts_coupon_code), so the VPN list searches and sorts by code without
--   a join. Called by PostgreSQL on inserts from modules/vpn/service.ts (and the grouped charge);
--   read by modules/vpn/list.ts, export.ts, present.ts.
-- count_vpn_accounts(): keeps resellers.vpn_total, the count of a reseller's accounts, from each
--   statement's transition tables (triggers vpn_accounts_counted_*). Called by PostgreSQL on
--   writes to vpn_accounts; read by modules/vpn/list.ts for the list's total.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.copy_vpn_coupon_code()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.coupon_code := (SELECT code FROM coupons WHERE id = NEW.coupon_id);
  RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.count_vpn_accounts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE resellers r SET vpn_total = vpn_total + d.n FROM (SELECT reseller_id, count(*) AS n FROM added GROUP BY 1) d WHERE r.id = d.reseller_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE resellers r SET vpn_total = vpn_total - d.n FROM (SELECT reseller_id, count(*) AS n FROM removed GROUP BY 1) d WHERE r.id = d.reseller_id;
  ELSE
    UPDATE resellers r SET vpn_total = vpn_total + d.n
    FROM (SELECT reseller_id, sum(n) AS n FROM (
            SELECT n.reseller_id, 1 AS n FROM added n JOIN removed o ON o.id = n.id WHERE o.reseller_id <> n.reseller_id
            UNION ALL
            SELECT o.reseller_id, -1 FROM added n JOIN removed o ON o.id = n.id WHERE o.reseller_id <> n.reseller_id) m
          GROUP BY 1) d
    WHERE r.id = d.reseller_id;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER vpn_accounts_coupon_code BEFORE INSERT OR UPDATE OF coupon_id ON public.vpn_accounts FOR EACH ROW EXECUTE FUNCTION copy_vpn_coupon_code();

CREATE OR REPLACE TRIGGER vpn_accounts_counted_insert AFTER INSERT ON public.vpn_accounts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();

CREATE OR REPLACE TRIGGER vpn_accounts_counted_update AFTER UPDATE ON public.vpn_accounts REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();

CREATE OR REPLACE TRIGGER vpn_accounts_counted_delete AFTER DELETE ON public.vpn_accounts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();
