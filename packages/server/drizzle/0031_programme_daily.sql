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
CREATE TABLE "reseller_last_spend" (
	"reseller_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reseller_last_spend" ADD CONSTRAINT "reseller_last_spend_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_daily_spent_idx" ON "reseller_daily" USING btree ("reseller_id","day") WHERE "reseller_daily"."spend_cents" > 0;--> statement-breakpoint
-- Backfill (not generated from the schema): the programme's days, and each reseller's last day of spend, as the folded rollups hold them.
INSERT INTO "programme_daily" ("day", "spend_cents", "coupons_generated", "coupons_redeemed", "vpn_started", "vpn_ended", "active_resellers")
SELECT "day", sum("spend_cents"), sum("coupons_generated"), sum("coupons_redeemed"), sum("vpn_started"), sum("vpn_ended"), count(*) FILTER (WHERE "spend_cents" > 0)
FROM "reseller_daily" GROUP BY "day";--> statement-breakpoint
INSERT INTO "reseller_last_spend" ("reseller_id", "day") SELECT "reseller_id", max("day") FROM "reseller_daily" WHERE "spend_cents" > 0 GROUP BY "reseller_id";
