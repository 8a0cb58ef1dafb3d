DROP INDEX "subscriptions_due_idx";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "lines" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_subscriptions" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_subscriptions" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_subscriptions" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_subscriptions_due_idx" ON "api_subscriptions" USING btree (coalesce("retry_at", "current_period_end"),"id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree (coalesce("retry_at", "current_period_end"),"id");