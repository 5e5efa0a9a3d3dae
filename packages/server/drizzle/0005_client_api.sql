CREATE TABLE "sandbox_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reseller_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_ledger_balance_check" CHECK ("sandbox_ledger"."balance_after_cents" >= 0),
	CONSTRAINT "sandbox_ledger_kind_check" CHECK (kind in ('sandbox_opening', 'sandbox_adjustment', 'vpn_purchase', 'vpn_renewal'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallets" (
	"reseller_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_wallets_balance_check" CHECK ("sandbox_wallets"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_vpn_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_vpn_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000 CACHE 1),
	"reseller_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"coupon_id" bigint,
	"product_id" integer NOT NULL,
	"billing_type" smallint NOT NULL,
	"cycle" text NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"renewal_price_cents" integer DEFAULT 0 NOT NULL,
	"hosting_status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"renewal_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_vpn_accounts_hosting_status_check" CHECK ("sandbox_vpn_accounts"."hosting_status" in ('active', 'suspended', 'deleted')),
	CONSTRAINT "sandbox_vpn_accounts_coupon_check" CHECK ("sandbox_vpn_accounts"."coupon_id" is null)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP INDEX "secret_keys_prefix_key";--> statement-breakpoint
DROP INDEX "secret_keys_one_live_key";--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "secret_key_id" bigint;--> statement-breakpoint
ALTER TABLE "secret_keys" ADD COLUMN "mode" text NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_keys" ADD COLUMN "hint" text NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_keys" ADD COLUMN "key_encrypted" text;--> statement-breakpoint
ALTER TABLE "sandbox_ledger" ADD CONSTRAINT "sandbox_ledger_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_wallets" ADD CONSTRAINT "sandbox_wallets_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_vpn_accounts" ADD CONSTRAINT "sandbox_vpn_accounts_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_vpn_accounts" ADD CONSTRAINT "sandbox_vpn_accounts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_vpn_accounts" ADD CONSTRAINT "sandbox_vpn_accounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_ledger_reseller_idx" ON "sandbox_ledger" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_vpn_accounts_username_key" ON "sandbox_vpn_accounts" USING btree ("reseller_id","username");--> statement-breakpoint
CREATE INDEX "sandbox_vpn_accounts_reseller_idx" ON "sandbox_vpn_accounts" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sandbox_vpn_accounts_reseller_email_idx" ON "sandbox_vpn_accounts" USING btree ("reseller_id",lower("email"));--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_secret_key_id_secret_keys_id_fk" FOREIGN KEY ("secret_key_id") REFERENCES "public"."secret_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_secret_key_idx" ON "access_tokens" USING btree ("secret_key_id") WHERE "access_tokens"."secret_key_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "secret_keys_hash_key" ON "secret_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "secret_keys_one_current_key" ON "secret_keys" USING btree ("reseller_id","mode") WHERE "secret_keys"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_client_key_check" CHECK (("access_tokens"."kind" = 'session') = ("access_tokens"."secret_key_id" is null));--> statement-breakpoint
ALTER TABLE "secret_keys" ADD CONSTRAINT "secret_keys_mode_check" CHECK ("secret_keys"."mode" in ('live', 'sandbox'));--> statement-breakpoint
ALTER TABLE "secret_keys" ADD CONSTRAINT "secret_keys_encrypted_check" CHECK (("secret_keys"."mode" = 'sandbox') = ("secret_keys"."key_encrypted" is not null));