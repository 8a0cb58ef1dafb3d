DROP INDEX "document_activities_sealed_sha256_idx";--> statement-breakpoint
ALTER TABLE "document_activities" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "document_activities" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "seal_level" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "timestamp_pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "archive_timestamp_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "document_activities_sealed_sha256_idx" ON "document_activities" USING btree (("details"->>'sha256')) WHERE "document_activities"."type" in ('complete', 'timestamp');--> statement-breakpoint
-- hand-written:
UPDATE "documents" SET "seal_level" = 'B-B' WHERE "sealed_at" IS NOT NULL;
