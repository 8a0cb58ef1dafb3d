CREATE TABLE "document_counts" (
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counts_user_id_status_type_pk" PRIMARY KEY("user_id","status","type")
);
--> statement-breakpoint
CREATE TABLE "document_day_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_day_counts_user_id_day_status_type_pk" PRIMARY KEY("user_id","day","status","type")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "documents_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_counts" ADD CONSTRAINT "document_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_day_counts" ADD CONSTRAINT "document_day_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;