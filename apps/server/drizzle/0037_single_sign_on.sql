CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"browser_hash" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"handoff_hash" text,
	"user_id" uuid,
	"handoff_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_logins_browser_hash_unique" UNIQUE("browser_hash"),
	CONSTRAINT "sso_logins_handoff_hash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_owner_id_sso_providers_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sso_providers"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_owner_id_sso_providers_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."sso_providers"("owner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domains_owner_idx" ON "sso_domains" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");