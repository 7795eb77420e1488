CREATE TABLE "job_results" (
	"run_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" double precision NOT NULL,
	"breakdown" jsonb NOT NULL,
	"profile_version" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"distance_km" double precision,
	CONSTRAINT "job_results_run_id_rank_pk" PRIMARY KEY("run_id","rank")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"job_version" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"considered" integer,
	"included" integer,
	"excluded" integer,
	"best_score" double precision,
	"histogram" jsonb,
	"excluded_by" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_state_values" CHECK ("job_runs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "job_runs_progress_range" CHECK ("job_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "job_shortlist" (
	"job_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_shortlist_job_id_profile_id_pk" PRIMARY KEY("job_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"origin" text DEFAULT 'agent' NOT NULL,
	"company_user_id" uuid,
	"created_by" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_origin_values" CHECK ("jobs"."origin" in ('agent', 'company')),
	CONSTRAINT "jobs_status_values" CHECK ("jobs"."status" in ('active', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "job_results" ADD CONSTRAINT "job_results_run_id_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_results" ADD CONSTRAINT "job_results_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_results" ADD CONSTRAINT "job_results_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_shortlist" ADD CONSTRAINT "job_shortlist_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_shortlist" ADD CONSTRAINT "job_shortlist_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_shortlist" ADD CONSTRAINT "job_shortlist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_results_run_profile_key" ON "job_results" USING btree ("run_id","profile_id");--> statement-breakpoint
CREATE INDEX "job_results_run_score_idx" ON "job_results" USING btree ("run_id","score");--> statement-breakpoint
CREATE INDEX "job_results_run_name_idx" ON "job_results" USING btree ("run_id","name","rank");--> statement-breakpoint
CREATE INDEX "job_results_run_distance_idx" ON "job_results" USING btree ("run_id","distance_km","rank");--> statement-breakpoint
CREATE INDEX "job_results_profile_idx" ON "job_results" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_active_per_job" ON "job_runs" USING btree ("job_id") WHERE "job_runs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "job_runs_job_created_idx" ON "job_runs" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_claim_idx" ON "job_runs" USING btree ("state","lease_expires_at") WHERE "job_runs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "job_shortlist_profile_idx" ON "job_shortlist" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "jobs_status_updated_idx" ON "jobs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "jobs_company_user_idx" ON "jobs" USING btree ("company_user_id");--> statement-breakpoint
-- Only candidates who finished their registration and whose account is active take part in matching.
-- Both facts live in `users`, which the matching index does not follow: when either changes, the
-- account's profile is touched, so its change_tx moves and every index re-reads it.
CREATE FUNCTION users_touch_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET change_tx = pg_current_xact_id()::text::bigint WHERE user_id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_touch_profile AFTER UPDATE OF registration_step, active ON users
  FOR EACH ROW
  WHEN (OLD.registration_step IS DISTINCT FROM NEW.registration_step OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION users_touch_profile();
