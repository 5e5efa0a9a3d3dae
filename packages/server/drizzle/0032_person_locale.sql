ALTER TABLE "people" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_locale_check" CHECK (locale in ('en', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar'));