CREATE TABLE "catalogue_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"change" text NOT NULL,
	"from_cents" integer,
	"to_cents" integer,
	"person_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "catalogue_changes_item_check" CHECK ("catalogue_changes"."item_type" in ('product', 'addon')),
	CONSTRAINT "catalogue_changes_change_check" CHECK ("catalogue_changes"."change" in ('price', 'withdraw', 'reinstate')),
	CONSTRAINT "catalogue_changes_price_check" CHECK (("catalogue_changes"."change" = 'price') = ("catalogue_changes"."to_cents" is not null) and ("catalogue_changes"."to_cents" is null or "catalogue_changes"."to_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "kind" text DEFAULT 'reseller' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_changes_pending_idx" ON "catalogue_changes" USING btree ("effective_at") WHERE "catalogue_changes"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "catalogue_changes_item_idx" ON "catalogue_changes" USING btree ("item_type","item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_one_operator_key" ON "resellers" USING btree ("kind") WHERE "resellers"."kind" = 'operator';--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_kind_check" CHECK ("resellers"."kind" in ('reseller', 'operator'));--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_operator_check" CHECK ("resellers"."kind" <> 'operator' or ("resellers"."parent_id" is null and not "resellers"."is_admin" and "resellers"."balance_cents" = 0 and "resellers"."credit_limit_cents" = 0 and "resellers"."coupons_total" = 0));