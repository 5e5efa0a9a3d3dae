-- Trigram indexes for the VPN list's search (a contrib extension the embedded build and Debian's ship).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "vpn_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vpn_accounts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
CREATE INDEX "vpn_accounts_email_trgm_idx" ON "vpn_accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vpn_accounts_username_trgm_idx" ON "vpn_accounts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vpn_accounts_coupon_code_trgm_idx" ON "vpn_accounts" USING gin ("coupon_code" gin_trgm_ops);--> statement-breakpoint
-- The VPN list's total is the reseller's counter, kept by whichever statement adds, removes or moves
-- accounts: once per statement and reseller (a bulk insert updates each reseller's row once).
CREATE FUNCTION count_vpn_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER vpn_accounts_counted_insert AFTER INSERT ON vpn_accounts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();--> statement-breakpoint
CREATE TRIGGER vpn_accounts_counted_delete AFTER DELETE ON vpn_accounts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();--> statement-breakpoint
CREATE TRIGGER vpn_accounts_counted_update AFTER UPDATE ON vpn_accounts REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_vpn_accounts();--> statement-breakpoint
-- The coupon's code beside the account, so the search reads one table.
CREATE FUNCTION copy_vpn_coupon_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.coupon_code := (SELECT code FROM coupons WHERE id = NEW.coupon_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER vpn_accounts_coupon_code BEFORE INSERT OR UPDATE OF coupon_id ON vpn_accounts
  FOR EACH ROW EXECUTE FUNCTION copy_vpn_coupon_code();--> statement-breakpoint
UPDATE vpn_accounts v SET coupon_code = c.code FROM coupons c WHERE c.id = v.coupon_id;--> statement-breakpoint
UPDATE resellers r SET vpn_total = (SELECT count(*) FROM vpn_accounts v WHERE v.reseller_id = r.id);
