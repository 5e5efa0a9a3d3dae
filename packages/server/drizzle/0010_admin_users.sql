ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","id" DESC NULLS FIRST) WHERE "audit_log"."subject_id" is not null;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_kind_check" CHECK (kind in ('deposit', 'invoice_payment', 'admin_credit', 'admin_debit', 'coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal', 'settlement', 'user_credit', 'user_debit'));