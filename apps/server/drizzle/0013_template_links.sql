ALTER TABLE "documents" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_template_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_template_id_documents_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_source_template_id_documents_id_fk" FOREIGN KEY ("source_template_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;