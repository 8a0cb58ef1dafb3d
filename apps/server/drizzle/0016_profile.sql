ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_signed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_signer_signed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_opened_signing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_completed_document" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_sending_completed_document" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_sending_to_all_parties_in_ordered_document" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_receiving_signature_requests_daily_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "avatar_url";--> statement-breakpoint
-- Hand-written: the holder of deleted accounts' completed documents (ARCHITECTURE.md, Accounts). Their signers keep
-- their download links and the audit rows their evidence, while the account itself is deleted (the rows' user id is
-- cleared by its foreign key). Its address is no e-mail address and its hash no hash, so nobody can sign in as it.
INSERT INTO "users" ("id", "name", "email", "password_hash", "email_confirmed_at")
VALUES ('00000000-0000-0000-0000-000000000000', 'Deleted account', 'deleted-account', '!', now())
ON CONFLICT DO NOTHING;
