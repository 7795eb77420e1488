CREATE TABLE "timeline_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid,
	"company_id" uuid,
	"job_id" uuid,
	"kind" text NOT NULL,
	"action" text,
	"text" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" uuid,
	"author_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "timeline_entries_kind_values" CHECK ("timeline_entries"."kind" in ('note', 'call', 'mail', 'event')),
	CONSTRAINT "timeline_entries_one_subject" CHECK (num_nonnulls("timeline_entries"."profile_id", "timeline_entries"."company_id", "timeline_entries"."job_id") = 1),
	CONSTRAINT "timeline_entries_event_action" CHECK (("timeline_entries"."kind" = 'event') = ("timeline_entries"."action" is not null)),
	CONSTRAINT "timeline_entries_written_text" CHECK (("timeline_entries"."kind" = 'event') = ("timeline_entries"."text" is null))
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_entries_profile_idx" ON "timeline_entries" USING btree ("profile_id","at");--> statement-breakpoint
CREATE INDEX "timeline_entries_company_idx" ON "timeline_entries" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "timeline_entries_job_idx" ON "timeline_entries" USING btree ("job_id","at");--> statement-breakpoint
CREATE INDEX "timeline_entries_profile_contact_idx" ON "timeline_entries" USING btree ("profile_id","at") WHERE "timeline_entries"."kind" <> 'event';--> statement-breakpoint
-- The changes agents made so far (agent_actions) become the timeline's events, on the candidate or
-- company they were made to (one whose record is gone has no timeline left to show them on).
INSERT INTO "timeline_entries" ("id", "profile_id", "company_id", "kind", "action", "details", "author_id", "author_email", "at", "created_at")
SELECT gen_random_uuid(),
       CASE WHEN a."target_kind" = 'profile' THEN a."target_id" END,
       CASE WHEN a."target_kind" = 'company' THEN a."target_id" END,
       'event', a."action", a."details", a."agent_id", a."agent_email", a."at", a."at"
FROM "agent_actions" a
WHERE (a."target_kind" = 'profile' AND EXISTS (SELECT 1 FROM "profiles" p WHERE p."id" = a."target_id"))
   OR (a."target_kind" = 'company' AND EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = a."target_id"));
--> statement-breakpoint
-- Every existing candidate and company with an account starts its timeline with its registration.
INSERT INTO "timeline_entries" ("id", "profile_id", "kind", "action", "at", "created_at")
SELECT gen_random_uuid(), p."id", 'event', 'registered', u."created_at", u."created_at"
FROM "profiles" p JOIN "users" u ON u."id" = p."user_id";
--> statement-breakpoint
INSERT INTO "timeline_entries" ("id", "company_id", "kind", "action", "at", "created_at")
SELECT gen_random_uuid(), c."id", 'event', 'registered', u."created_at", u."created_at"
FROM "companies" c JOIN "users" u ON u."id" = c."user_id";
--> statement-breakpoint
DROP TABLE "agent_actions";
--> statement-breakpoint
-- What read the old table keeps reading the same rows: the events agents caused, by subject. Not
-- insertable: every write goes through recordAction (server/agents/audit.ts) into the timeline.
CREATE VIEW "agent_actions" AS
SELECT t."id", t."author_id" AS "agent_id", t."author_email" AS "agent_email",
       CASE WHEN t."profile_id" IS NOT NULL THEN 'profile'
            WHEN t."company_id" IS NOT NULL THEN 'company' ELSE 'job' END AS "target_kind",
       coalesce(t."profile_id", t."company_id", t."job_id") AS "target_id",
       t."action", t."details", t."at"
FROM "timeline_entries" t
WHERE t."kind" = 'event' AND t."author_email" IS NOT NULL;
--> statement-breakpoint
-- A candidate row's "last contact" (the newest note, call or mail) is on the agents' tables, whose
-- kept pages move with the list generation (migration 0012). An edit keeps the date; an entry
-- goes only with its profile, whose deletion moves the generation already.
CREATE CONSTRAINT TRIGGER timeline_entries_list_generation AFTER INSERT ON "timeline_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."profile_id" IS NOT NULL AND NEW."kind" <> 'event')
  EXECUTE FUNCTION matchwerk_bump_list_generation();
--> statement-breakpoint
CREATE TRIGGER timeline_entries_list_generation_truncate AFTER TRUNCATE ON "timeline_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION matchwerk_bump_list_generation();
