CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"requested_by" uuid,
	"email_hash" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"retention_days" integer,
	"legal_hold_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "removed_sealed_sha256" text[];--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "removed_chain_hash" text;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasures_account_idx" ON "erasures" USING btree ("account_id","email_hash");--> statement-breakpoint
CREATE INDEX "documents_removed_sha256_idx" ON "documents" USING gin ("removed_sealed_sha256") WHERE "documents"."removed_at" is not null;--> statement-breakpoint
-- hand-written: the audit trail stays append-only, but for the two rewrites issue 39 makes inside one transaction that
-- says so (set_config('esign.audit_rewrite', 'on', true), modules/retention): a removed document's rows go (its stub
-- keeps the chain's last hash), and an erased person's data leaves a document's unsealed rows (the chain rehashed).
CREATE OR REPLACE FUNCTION "document_activities_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('esign.audit_rewrite', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
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
