CREATE INDEX "documents_list_created_idx" ON "documents" USING btree ("user_id","created_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_status_idx" ON "documents" USING btree ("user_id","status","created_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_title_idx" ON "documents" USING btree ("user_id",lower("title"),"id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signers_name_trgm_idx" ON "signers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signers_email_trgm_idx" ON "signers" USING gin ("email" gin_trgm_ops);