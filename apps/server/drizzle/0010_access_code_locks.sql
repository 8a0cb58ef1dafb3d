ALTER TABLE "access_code_failures" ADD COLUMN "token_id" uuid;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "access_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_code_failures" ADD CONSTRAINT "access_code_failures_token_id_signing_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."signing_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_code_failures_token_idx" ON "access_code_failures" USING btree ("token_id","created_at");--> statement-breakpoint
-- The list shows a locked signer: a change of access_locked_at bumps the owner's list version too (see 0008).
CREATE OR REPLACE FUNCTION signers_list_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT d.user_id FROM documents d WHERE d.id IN (
      SELECT document_id FROM (
        SELECT n.document_id AS new_id, o.document_id AS old_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.document_id, o.name, o.email, o."order", o.is_preparer, o.is_finished, o.created_at, o.access_locked_at)
          IS DISTINCT FROM (n.document_id, n.name, n.email, n."order", n.is_preparer, n.is_finished, n.created_at, n.access_locked_at)
      ) changed, LATERAL (VALUES (new_id), (old_id)) AS ids(document_id))));
  RETURN NULL;
END $$;
