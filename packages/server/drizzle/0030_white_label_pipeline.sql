CREATE TABLE "white_label_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "white_label_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enquiry_id" bigint NOT NULL,
	"person_id" integer,
	"kind" text DEFAULT 'note' NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_label_notes_kind_check" CHECK ("white_label_notes"."kind" in ('note', 'reply') and ("white_label_notes"."kind" = 'reply') = ("white_label_notes"."subject" is not null)),
	CONSTRAINT "white_label_notes_body_check" CHECK (char_length("white_label_notes"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD COLUMN "owner_person_id" integer;--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "white_label_notes" ADD CONSTRAINT "white_label_notes_enquiry_id_white_label_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."white_label_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_notes" ADD CONSTRAINT "white_label_notes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "white_label_notes_enquiry_idx" ON "white_label_notes" USING btree ("enquiry_id","created_at","id");--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD CONSTRAINT "white_label_enquiries_owner_person_id_people_id_fk" FOREIGN KEY ("owner_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "white_label_enquiries_status_idx" ON "white_label_enquiries" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "white_label_enquiries" ADD CONSTRAINT "white_label_enquiries_status_check" CHECK (status in ('new', 'contacted', 'won', 'lost'));--> statement-breakpoint
-- Backfill (not generated from the schema): an enquiry made before the pipeline was last changed when it was made.
UPDATE "white_label_enquiries" SET "updated_at" = "created_at";
