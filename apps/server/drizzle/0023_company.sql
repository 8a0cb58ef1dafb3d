CREATE TABLE "company_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_logo_key" text,
	"company_name" text,
	"company_email" text,
	"email_template" text,
	"redirection_page" text,
	"tagline" text,
	"industry" text,
	"is_drawn_signatures_available" boolean DEFAULT true NOT NULL,
	"is_uploaded_signatures_available" boolean DEFAULT true NOT NULL,
	"is_typed_signatures_available" boolean DEFAULT true NOT NULL,
	"enable_signer_access_codes" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;