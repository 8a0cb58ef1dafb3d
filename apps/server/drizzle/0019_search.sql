ALTER TABLE "documents" ADD COLUMN "signer_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_signer_search_trgm_idx" ON "documents" USING gin ("signer_search" gin_trgm_ops) WHERE "documents"."deleted_at" is null;--> statement-breakpoint
-- Hand-written (issue 25; drizzle-kit generate does not produce triggers): keeps documents.signer_search, every
-- signer's name and e-mail one per line, so the list's signer search reads one trigram index on the document row
-- (documents_signer_search_trgm_idx) instead of looking into signers for every document of the account.
-- Statement-level, like the list triggers of 0008 (which fire first, by name, so the owner's row is locked first).
CREATE FUNCTION documents_signer_search_refresh(document_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE documents d SET signer_search = coalesce(s.lines, '')
  FROM (
    SELECT ids.id, string_agg(sg.name || E'\n' || sg.email, E'\n' ORDER BY sg."order", sg.created_at, sg.id) AS lines
    FROM unnest(document_ids) AS ids(id) LEFT JOIN signers sg ON sg.document_id = ids.id
    GROUP BY ids.id
  ) s
  WHERE d.id = s.id AND d.signer_search IS DISTINCT FROM coalesce(s.lines, '');
$$;
--> statement-breakpoint
CREATE FUNCTION signers_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_signer_search_refresh(ARRAY(SELECT DISTINCT document_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION signers_search_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_signer_search_refresh(ARRAY(SELECT DISTINCT document_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION signers_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_signer_search_refresh(ARRAY(
    SELECT DISTINCT ids.document_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.document_id), (o.document_id)) AS ids(document_id)
    WHERE (o.document_id, o.name, o.email, o."order") IS DISTINCT FROM (n.document_id, n.name, n.email, n."order")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER signers_search_insert AFTER INSERT ON signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_search_insert();
--> statement-breakpoint
CREATE TRIGGER signers_search_delete AFTER DELETE ON signers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_search_delete();
--> statement-breakpoint
CREATE TRIGGER signers_search_update AFTER UPDATE ON signers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_search_update();
--> statement-breakpoint
-- The signers that exist already (the triggers above keep them from here on).
UPDATE documents d SET signer_search = s.lines
FROM (
  SELECT document_id, string_agg(name || E'\n' || email, E'\n' ORDER BY "order", created_at, id) AS lines
  FROM signers GROUP BY document_id
) s
WHERE d.id = s.document_id;
