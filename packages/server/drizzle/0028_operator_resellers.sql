ALTER TABLE "resellers" ADD COLUMN "settlement_day" smallint;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "terms_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_settlement_day_check" CHECK ("resellers"."settlement_day" between 1 and 28);--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_suspension_check" CHECK (("resellers"."suspended_at" is null) = ("resellers"."suspension_reason" is null));