ALTER TABLE "email_tokens" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "two_factor_failures" ADD COLUMN "ip" text;