CREATE TABLE "outbox_attachments" (
	"outbox_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "outbox_attachments_outbox_id_position_pk" PRIMARY KEY("outbox_id","position")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "presented_by_name_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;