CREATE TABLE "document_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"order" integer NOT NULL,
	"original_file_name" text NOT NULL,
	"original_file_key" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_extension" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pdf_file_key" text,
	"pdf_metadata" jsonb,
	"pages_converted" integer DEFAULT 0 NOT NULL,
	"pages_total" integer,
	"error_text" text,
	"warning_text" text,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pdf_file_key" text,
	"pdf_metadata" jsonb,
	"parts_revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_parts" ADD CONSTRAINT "document_parts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_parts_document_idx" ON "document_parts" USING btree ("document_id","order");--> statement-breakpoint
CREATE INDEX "documents_user_status_created_idx" ON "documents" USING btree ("user_id","status","created_at");