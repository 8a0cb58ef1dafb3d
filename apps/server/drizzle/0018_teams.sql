CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"members_version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_owner_id_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_role" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_key" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_team_email_key" ON "team_invitations" USING btree ("team_id","email");--> statement-breakpoint
CREATE INDEX "team_invitations_email_idx" ON "team_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("team_id") WHERE "users"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_team_created_idx" ON "documents" USING btree ("team_id","created_at","id") WHERE "documents"."deleted_at" is null and "documents"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_team_status_idx" ON "documents" USING btree ("team_id","status","created_at","id") WHERE "documents"."deleted_at" is null and "documents"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_team_title_idx" ON "documents" USING btree ("team_id",lower("title"),"id") WHERE "documents"."deleted_at" is null and "documents"."team_id" is not null;--> statement-breakpoint
-- Hand-written (drizzle-kit generate does not produce triggers): a document's team is always its owner's, on every
-- insert (copies from a teammate's template included) and every change of owner (a removed member's documents
-- given to the team's owner). When someone joins or leaves a team the teams service moves their documents.
CREATE FUNCTION documents_owner_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.team_id := (SELECT team_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_owner_team BEFORE INSERT OR UPDATE OF user_id ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_owner_team();
