ALTER TABLE "pipeline_entries" ADD COLUMN "follow_up_time" time;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "follow_up_note" text;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_follow_up_day" CHECK (("pipeline_entries"."follow_up_time" is null and "pipeline_entries"."follow_up_note" is null) or "pipeline_entries"."follow_up" is not null);
