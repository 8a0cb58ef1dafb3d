ALTER TABLE "documents" ADD COLUMN "expiry_days" integer;--> statement-breakpoint
-- hand-written:
ALTER TABLE "documents" ADD CONSTRAINT "documents_expiry_days_range" CHECK ("expiry_days" BETWEEN 1 AND 365);
