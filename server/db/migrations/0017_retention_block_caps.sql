-- Issue 23 (PRODUCT.md §8).
-- profiles.blocked_*: the agency's block, apart from the candidate's own switch (status); the
-- matching index leaves a blocked profile out. users.retention_*: when the retention notice went out
-- and when its owner last asked to keep the account. job_runs.requested_by: the cap of 10 queued
-- runs per agent counts them (runs queued before this migration count for nobody). email_tokens
-- gets the purpose 'keep' (the notice's link). Every new column starts null: no row to backfill.
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_values";--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "blocked_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_requested_by_idx" ON "job_runs" USING btree ("requested_by") WHERE "job_runs"."state" = 'queued';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_block_reason" CHECK (("profiles"."blocked_at" is null) = ("profiles"."blocked_reason" is null));--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_values" CHECK ("email_tokens"."purpose" in ('validate', 'reset', 'keep'));