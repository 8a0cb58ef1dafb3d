-- Hand-written (drizzle-kit generate does not produce triggers): keeps document_counts, document_day_counts and
-- users.documents_version true for the document lists (modules/document-list; ARCHITECTURE.md, Document lists).
-- Statement-level triggers with transition tables, so a bulk insert or update costs one pass, not one per row.
-- Every trigger bumps the owner's version first: that row lock serializes the writers of one owner's documents,
-- so the counter rows, taken after it, are never locked in opposite orders (no deadlocks).

-- The owners whose lists a change touched, locked in id order, their version bumped.
CREATE FUNCTION documents_list_bump(owner_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET documents_version = documents_version + 1
  WHERE id IN (SELECT id FROM users WHERE id = ANY(owner_ids) ORDER BY id FOR NO KEY UPDATE);
$$;
--> statement-breakpoint
-- Adds signed deltas of live documents per owner, status, type and day of creation (UTC) to both counts:
-- [{user_id, status, type, day, delta}]. Owners that no longer exist are left out (a deleted user's documents
-- go with it by cascade, and so do its counts).
CREATE FUNCTION document_counts_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  WITH changes AS (
    SELECT d.user_id, d.status, d.type, d.day, d.delta
    FROM jsonb_to_recordset(deltas) AS d(user_id uuid, status text, type text, day date, delta bigint)
    JOIN users u ON u.id = d.user_id
  ), totals AS (
    INSERT INTO document_counts AS c (user_id, status, type, total)
    SELECT user_id, status, type, sum(delta) FROM changes
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, type) DO UPDATE SET total = c.total + excluded.total
  )
  INSERT INTO document_day_counts AS c (user_id, day, status, type, total)
  SELECT user_id, day, status, type, sum(delta) FROM changes
  GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, day, status, type) DO UPDATE SET total = c.total + excluded.total;
$$;
--> statement-breakpoint
CREATE FUNCTION documents_list_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  PERFORM document_counts_add((
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'type', type, 'day', day, 'delta', n))
    FROM (SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
          FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION documents_list_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  PERFORM document_counts_add((
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'type', type, 'day', day, 'delta', -n))
    FROM (SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
          FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only changes of what the lists show or filter by count: a new file key or updated_at leaves the lists alone.
CREATE FUNCTION documents_list_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT owner FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.user_id), (o.user_id)) AS owners(owner)
    WHERE (o.user_id, o.title, o.type, o.status, o.created_at, o.is_ordered, o.reminders_disabled,
           o.code_access IS NULL, o.deleted_at IS NULL)
      IS DISTINCT FROM (n.user_id, n.title, n.type, n.status, n.created_at, n.is_ordered, n.reminders_disabled,
           n.code_access IS NULL, n.deleted_at IS NULL)));
  PERFORM document_counts_add((
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'type', type, 'day', day, 'delta', n))
    FROM (SELECT user_id, status, type, day, sum(delta) AS n FROM (
            SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta
            FROM old_rows WHERE deleted_at IS NULL
            UNION ALL
            SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta
            FROM new_rows WHERE deleted_at IS NULL) changes
          GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_list_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_list_insert();
--> statement-breakpoint
CREATE TRIGGER documents_list_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_list_delete();
--> statement-breakpoint
CREATE TRIGGER documents_list_update AFTER UPDATE ON documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_list_update();
--> statement-breakpoint
-- Signers show in the lists' rows: any change of what the lists show of them changes their owner's lists.
CREATE FUNCTION signers_list_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT d.user_id FROM documents d WHERE d.id IN (SELECT document_id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION signers_list_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT d.user_id FROM documents d WHERE d.id IN (SELECT document_id FROM old_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION signers_list_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT d.user_id FROM documents d WHERE d.id IN (
      SELECT document_id FROM (
        SELECT n.document_id AS new_id, o.document_id AS old_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (o.document_id, o.name, o.email, o."order", o.is_preparer, o.is_finished, o.created_at)
          IS DISTINCT FROM (n.document_id, n.name, n.email, n."order", n.is_preparer, n.is_finished, n.created_at)
      ) changed, LATERAL (VALUES (new_id), (old_id)) AS ids(document_id))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER signers_list_insert AFTER INSERT ON signers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_list_insert();
--> statement-breakpoint
CREATE TRIGGER signers_list_delete AFTER DELETE ON signers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_list_delete();
--> statement-breakpoint
CREATE TRIGGER signers_list_update AFTER UPDATE ON signers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signers_list_update();
--> statement-breakpoint
-- The counts of the documents that exist already (the triggers above keep them from here on).
INSERT INTO document_counts (user_id, status, type, total)
SELECT user_id, status, type, count(*) FROM documents WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO document_day_counts (user_id, day, status, type, total)
SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, status, type, count(*)
FROM documents WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;
