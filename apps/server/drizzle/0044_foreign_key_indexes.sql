CREATE INDEX "bulk_send_batches_template_idx" ON "bulk_send_batches" USING btree ("template_id") WHERE "bulk_send_batches"."template_id" is not null;--> statement-breakpoint
CREATE INDEX "bulk_send_rows_document_idx" ON "bulk_send_rows" USING btree ("document_id") WHERE "bulk_send_rows"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "document_fields_signer_idx" ON "document_fields" USING btree ("signer_id") WHERE "document_fields"."signer_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_template_idx" ON "documents" USING btree ("template_id") WHERE "documents"."template_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_source_template_idx" ON "documents" USING btree ("source_template_id") WHERE "documents"."source_template_id" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_document_idx" ON "form_submissions" USING btree ("document_id") WHERE "form_submissions"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "download_links_signer_idx" ON "download_links" USING btree ("signer_id") WHERE "download_links"."signer_id" is not null;--> statement-breakpoint
CREATE INDEX "signer_verification_codes_token_idx" ON "signer_verification_codes" USING btree ("token_id") WHERE "signer_verification_codes"."token_id" is not null;--> statement-breakpoint
CREATE INDEX "signing_tokens_document_idx" ON "signing_tokens" USING btree ("document_id");