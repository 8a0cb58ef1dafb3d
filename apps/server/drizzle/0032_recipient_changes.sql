ALTER TABLE "documents" ADD COLUMN "allow_reassign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD COLUMN "hosted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD CONSTRAINT "signing_tokens_hosted_by_user_id_users_id_fk" FOREIGN KEY ("hosted_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;