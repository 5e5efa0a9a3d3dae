CREATE TABLE "white_label_enquiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "white_label_enquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reseller_id" integer NOT NULL,
	"brand_name" text NOT NULL,
	"expected_users" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_label_enquiries_expected_users_check" CHECK ("white_label_enquiries"."expected_users" > 0)
);
--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD CONSTRAINT "white_label_enquiries_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "white_label_enquiries_newest" ON "white_label_enquiries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);