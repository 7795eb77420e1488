-- The access log records every agent read of a candidate's data (issue 23): besides the profile and
-- the card, a match result's detail ('result_detail') and each results CSV the candidate is in
-- ('results_csv', one entry per export), with the job they were read under. Existing entries are
-- profile and card reads, which name no job: job_id stays null for them.
ALTER TABLE "agent_access_log" DROP CONSTRAINT "agent_access_log_what_values";--> statement-breakpoint
ALTER TABLE "agent_access_log" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_access_log" ADD CONSTRAINT "agent_access_log_what_values" CHECK ("agent_access_log"."what" in ('profile', 'card_pdf', 'card_anonymous', 'result_detail', 'results_csv'));