-- Notifications' read state per person: each member reads the account's notifications on their own.
CREATE TABLE "notification_states" (
	"person_id" integer NOT NULL,
	"uid" uuid NOT NULL,
	"reseller_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_states_person_id_uid_pk" PRIMARY KEY("person_id","uid")
);
--> statement-breakpoint
-- The account's read state becomes each member's: every notification written since they joined
-- (the Owner's membership dates from the account, migration 0024: all of them), read or not as the
-- account had it. What predates a member has no row of theirs and reads as read.
INSERT INTO "notification_states" ("person_id", "uid", "reseller_id", "seq", "read_at")
SELECT m."person_id", n."uid", n."reseller_id", n."seq", n."read_at"
FROM "notifications" n JOIN "memberships" m ON m."reseller_id" = n."reseller_id" AND (m."role" = 'owner' OR n."created_at" >= m."created_at");
--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_uid_notifications_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."notifications"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_states_unread_idx" ON "notification_states" USING btree ("person_id","reseller_id","seq" DESC NULLS FIRST) WHERE "notification_states"."read_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read_at";