CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Sign-ins made before sessions existed: each live refresh-token family becomes a session.
INSERT INTO "sessions" ("id", "user_id")
SELECT DISTINCT ON ("family_id") "family_id", "user_id" FROM "refresh_tokens"
WHERE "revoked_at" IS NULL AND "expires_at" > now()
ORDER BY "family_id";
