ALTER TABLE "resellers" ADD COLUMN "coupons_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "coupons_redeemed" integer DEFAULT 0 NOT NULL;