ALTER TABLE "documents" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expiry_reminded_days" integer;--> statement-breakpoint
CREATE INDEX "documents_expiring_idx" ON "documents" USING btree ("expires_at") WHERE "documents"."status" = 'awaiting' and "documents"."expires_at" is not null and "documents"."deleted_at" is null;--> statement-breakpoint
-- hand-written: the lists show expires_at, so a change of it bumps the owner's list version (0026's function, expires_at added).
CREATE OR REPLACE FUNCTION documents_list_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_list_bump(ARRAY(
    SELECT DISTINCT owner FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (n.user_id), (o.user_id)) AS owners(owner)
    WHERE (o.user_id, o.title, o.type, o.status, o.created_at, o.is_ordered, o.reminders_disabled,
           o.code_access IS NULL, o.deleted_at IS NULL, o.test_mode, o.expires_at)
      IS DISTINCT FROM (n.user_id, n.title, n.type, n.status, n.created_at, n.is_ordered, n.reminders_disabled,
           n.code_access IS NULL, n.deleted_at IS NULL, n.test_mode, n.expires_at)));
  PERFORM document_counts_add((
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'status', status, 'type', type, 'day', day, 'delta', n))
    FROM (SELECT user_id, status, type, day, sum(delta) AS n FROM (
            SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta
            FROM old_rows WHERE deleted_at IS NULL AND NOT test_mode
            UNION ALL
            SELECT user_id, status, type, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta
            FROM new_rows WHERE deleted_at IS NULL AND NOT test_mode) changes
          GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0) g));
  RETURN NULL;
END $$;
