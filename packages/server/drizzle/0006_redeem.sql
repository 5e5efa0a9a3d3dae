CREATE TABLE "redeem_embeds" (
	"reseller_id" integer PRIMARY KEY NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accent" text,
	"theme" text DEFAULT 'light' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_embeds_theme_check" CHECK ("redeem_embeds"."theme" in ('light', 'dark', 'auto'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_vpn_accounts" ADD COLUMN "dedicated_ip_location" text;--> statement-breakpoint
ALTER TABLE "vpn_accounts" ADD COLUMN "dedicated_ip_location" text;--> statement-breakpoint
ALTER TABLE "redeem_embeds" ADD CONSTRAINT "redeem_embeds_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;