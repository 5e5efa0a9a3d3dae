ALTER TABLE "redeem_embeds" ALTER COLUMN "language" SET DEFAULT 'auto';--> statement-breakpoint
-- Until now 'en' named no language in the snippets, so the page spoke the visitor's browser language:
-- that is 'auto' from now on, and 'en' forces English.
UPDATE "redeem_embeds" SET "language" = 'auto' WHERE "language" = 'en';--> statement-breakpoint
ALTER TABLE "redeem_embeds" ADD CONSTRAINT "redeem_embeds_language_check" CHECK ("redeem_embeds"."language" in ('auto', 'en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar'));
