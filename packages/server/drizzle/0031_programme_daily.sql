CREATE TABLE "programme_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"coupons_generated" integer DEFAULT 0 NOT NULL,
	"coupons_redeemed" integer DEFAULT 0 NOT NULL,
	"vpn_started" integer DEFAULT 0 NOT NULL,
	"vpn_ended" integer DEFAULT 0 NOT NULL,
	"active_resellers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reseller_daily_spent_idx" ON "reseller_daily" USING btree ("reseller_id","day") WHERE "reseller_daily"."spend_cents" > 0;--> statement-breakpoint
-- Backfill (not generated from the schema): the programme's days as the folded rollups hold them.
INSERT INTO "programme_daily" ("day", "spend_cents", "coupons_generated", "coupons_redeemed", "vpn_started", "vpn_ended", "active_resellers")
SELECT "day", sum("spend_cents"), sum("coupons_generated"), sum("coupons_redeemed"), sum("vpn_started"), sum("vpn_ended"), count(*) FILTER (WHERE "spend_cents" > 0)
FROM "reseller_daily" GROUP BY "day";
