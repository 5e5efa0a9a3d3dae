-- The per-row day functions of migration 0014 are called by nothing since migration 0018 counts a
-- statement's days in one query over its transition tables.
DROP FUNCTION coupon_days(coupons, integer);
--> statement-breakpoint
DROP FUNCTION vpn_days(vpn_accounts, integer);
