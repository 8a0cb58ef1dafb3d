ALTER TABLE "signers" ADD COLUMN "recipient_role" text DEFAULT 'signer' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "step" integer;--> statement-breakpoint
-- hand-written: every existing recipient is a signer (the default above) whose step is its order, so a strictly
-- ordered document keeps one signer per step and an unordered one keeps everyone at once: nothing changes for them.
UPDATE "signers" SET "step" = "order" WHERE "step" IS NULL;
