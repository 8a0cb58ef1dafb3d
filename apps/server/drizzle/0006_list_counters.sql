CREATE TABLE "document_counts" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counts_user_id_status_type_pk" PRIMARY KEY("user_id","status","type")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "documents_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counts" ADD CONSTRAINT "document_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;