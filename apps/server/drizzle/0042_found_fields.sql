ALTER TABLE "document_parts" ADD COLUMN "found_fields" jsonb;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "found_fields_placed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "unplaced_fields" jsonb;