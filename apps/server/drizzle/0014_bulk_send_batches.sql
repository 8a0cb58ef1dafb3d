CREATE TABLE "bulk_send_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_send_rows" (
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"prefill" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"document_id" uuid,
	"error" text,
	CONSTRAINT "bulk_send_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
ALTER TABLE "bulk_send_batches" ADD CONSTRAINT "bulk_send_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_batches" ADD CONSTRAINT "bulk_send_batches_template_id_documents_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_batch_id_bulk_send_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_send_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_send_batches_user_idx" ON "bulk_send_batches" USING btree ("user_id","created_at");