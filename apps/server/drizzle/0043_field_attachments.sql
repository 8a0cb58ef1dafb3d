CREATE TABLE "field_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "field_attachments" ADD CONSTRAINT "field_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_attachments" ADD CONSTRAINT "field_attachments_field_id_document_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."document_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "field_attachments_field_idx" ON "field_attachments" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "field_attachments_document_idx" ON "field_attachments" USING btree ("document_id");