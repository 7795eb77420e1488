CREATE TABLE "pipeline_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"stage" text DEFAULT 'proposed' NOT NULL,
	"last_open_stage" text DEFAULT 'proposed' NOT NULL,
	"reason" text,
	"reason_by" text,
	"follow_up" date,
	"follow_up_by" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"moved_by" uuid,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_entries_stage_values" CHECK ("pipeline_entries"."stage" in ('proposed', 'contacted', 'submitted', 'interview', 'offer', 'placed', 'rejected', 'withdrawn')),
	CONSTRAINT "pipeline_entries_last_open_values" CHECK ("pipeline_entries"."last_open_stage" in ('proposed', 'contacted', 'submitted', 'interview', 'offer'))
);
--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deferred to the commit, as the jobs' client (0022): deleting an account reaches an entry twice in one
-- statement (its profile goes, deleting the entry, and created_by / moved_by are set to null), and
-- PostgreSQL checks the profile of the second update before the first one removed the entry.
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_follow_up_by_users_id_fk" FOREIGN KEY ("follow_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_entries_job_profile_key" ON "pipeline_entries" USING btree ("job_id","profile_id");--> statement-breakpoint
CREATE INDEX "pipeline_entries_profile_idx" ON "pipeline_entries" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "pipeline_entries_follow_up_idx" ON "pipeline_entries" USING btree ("follow_up") WHERE "pipeline_entries"."follow_up" is not null;--> statement-breakpoint
-- The results' star became "add to pipeline" (issue 21): every shortlisted candidate is a proposed entry.
INSERT INTO "pipeline_entries" ("id", "job_id", "profile_id", "stage", "last_open_stage", "created_by", "moved_by", "moved_at", "created_at")
SELECT gen_random_uuid(), s."job_id", s."profile_id", 'proposed', 'proposed', s."created_by", s."created_by", s."created_at", s."created_at"
FROM "job_shortlist" s
ON CONFLICT DO NOTHING;
