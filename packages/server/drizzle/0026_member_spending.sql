-- A running total per person and UTC day of what they spent from a wallet, which wallet_move keeps
-- and checks against a member's daily limit instead of summing the day's ledger rows at each charge.
CREATE TABLE "member_spending" (
	"reseller_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"day" date NOT NULL,
	"spent_cents" bigint NOT NULL,
	CONSTRAINT "member_spending_reseller_id_person_id_day_pk" PRIMARY KEY("reseller_id","person_id","day"),
	CONSTRAINT "member_spending_spent_check" CHECK ("member_spending"."spent_cents" >= 0)
);
--> statement-breakpoint
-- What each person has spent so far, from the ledger that wallet_move summed until now.
INSERT INTO "member_spending" ("reseller_id", "person_id", "day", "spent_cents")
SELECT "reseller_id", "person_id", ("created_at" AT TIME ZONE 'UTC')::date, -sum("amount_cents")
FROM "wallet_ledger" WHERE "person_id" IS NOT NULL AND "amount_cents" < 0
GROUP BY 1, 2, 3;
--> statement-breakpoint
DROP INDEX "wallet_ledger_person_day_idx";--> statement-breakpoint
ALTER TABLE "member_spending" ADD CONSTRAINT "member_spending_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_spending" ADD CONSTRAINT "member_spending_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;