-- The audit trail is evidence: its rows are only ever inserted. The database refuses to change or remove one,
-- except through the two foreign keys' own actions: a row goes with its document (ON DELETE CASCADE, which runs
-- once the document row is gone), and an acting account's deletion, once done, clears user_id (ON DELETE SET
-- NULL).
CREATE FUNCTION "document_activities_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "documents" WHERE "id" = OLD."document_id") THEN
      RETURN OLD;
    END IF;
  ELSIF NEW."user_id" IS NULL AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id')
    AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."user_id") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'document activities are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "document_activities_append_only" BEFORE UPDATE OR DELETE ON "document_activities"
  FOR EACH ROW EXECUTE FUNCTION "document_activities_append_only"();
