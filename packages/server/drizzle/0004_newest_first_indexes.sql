DROP INDEX "wallet_ledger_reseller_idx";--> statement-breakpoint
DROP INDEX "coupon_batches_reseller_idx";--> statement-breakpoint
DROP INDEX "coupons_reseller_created_idx";--> statement-breakpoint
DROP INDEX "coupons_reseller_code_idx";--> statement-breakpoint
DROP INDEX "vpn_accounts_reseller_idx";--> statement-breakpoint
DROP INDEX "invoices_reseller_idx";--> statement-breakpoint
DROP INDEX "payments_reseller_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "notifications_reseller_idx";--> statement-breakpoint
CREATE INDEX "wallet_ledger_reseller_idx" ON "wallet_ledger" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coupon_batches_reseller_idx" ON "coupon_batches" USING btree ("reseller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coupons_reseller_created_idx" ON "coupons" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupons_reseller_code_idx" ON "coupons" USING btree ("reseller_id","code" text_pattern_ops,"created_at") WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vpn_accounts_reseller_idx" ON "vpn_accounts" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_reseller_idx" ON "invoices" USING btree ("reseller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_reseller_idx" ON "payments" USING btree ("reseller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_reseller_idx" ON "notifications" USING btree ("reseller_id","seq" DESC NULLS FIRST);