CREATE TABLE "signer_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signer_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "verification" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD COLUMN "sms_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signer_verification_codes" ADD CONSTRAINT "signer_verification_codes_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_verification_codes" ADD CONSTRAINT "signer_verification_codes_token_id_signing_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."signing_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_verification_codes_signer_idx" ON "signer_verification_codes" USING btree ("signer_id","channel","created_at");