ALTER TABLE "pipeline_entries" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "submitted_card" text;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "client_answer" text;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "client_comment" text;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "client_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "client_answered_by" uuid;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "answer_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_client_answered_by_users_id_fk" FOREIGN KEY ("client_answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_entries_submitted_idx" ON "pipeline_entries" USING btree ("job_id") WHERE "pipeline_entries"."submitted_at" is not null;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_card_values" CHECK ("pipeline_entries"."submitted_card" in ('anonymised', 'full'));--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_answer_values" CHECK ("pipeline_entries"."client_answer" in ('interested', 'not_interested'));--> statement-breakpoint
-- Entries an agent already moved to submitted or beyond were presented to the client: the company sees
-- them (anonymised, the default card) from now on.
UPDATE "pipeline_entries" SET "submitted_at" = "moved_at", "submitted_card" = 'anonymised'
WHERE "stage" in ('submitted', 'interview', 'offer', 'placed')
   OR ("stage" in ('rejected', 'withdrawn') AND "last_open_stage" in ('submitted', 'interview', 'offer'));
