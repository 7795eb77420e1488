CREATE TABLE "company_contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'de' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_contacts_language_values" CHECK ("company_contacts"."language" in ('de', 'en'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "client_company_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "client_text" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "assigned_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contacts_company_idx" ON "company_contacts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_contacts_one_default" ON "company_contacts" USING btree ("company_id") WHERE "company_contacts"."is_default";--> statement-breakpoint
-- Deferred to the commit: deleting a company's account reaches a job twice in one statement (its
-- company record goes, setting the client to null, and company_user_id is set to null), and
-- PostgreSQL 15 checks the client of the first update before the second one cleared it.
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "jobs_client_company_idx" ON "jobs" USING btree ("client_company_id");--> statement-breakpoint
-- Backfill (issue 20, point 3): a company's request is for the company that filed it.
UPDATE jobs j SET client_company_id = c.id FROM companies c
  WHERE j.origin = 'company' AND c.user_id = j.company_user_id;
--> statement-breakpoint
-- An agent's job named its company in free text: a name that is exactly one company's (folded, as
-- the agents' search compares) becomes that client.
UPDATE jobs j SET client_company_id = m.company_id
  FROM (SELECT j2.id AS job_id, min(c.id::text)::uuid AS company_id, count(*) AS n
          FROM jobs j2 JOIN companies c
            ON matchwerk_fold(btrim(c."values"->>'name')) = matchwerk_fold(btrim(j2."values"->>'company'))
         WHERE j2.client_company_id IS NULL AND coalesce(btrim(j2."values"->>'company'), '') <> ''
         GROUP BY j2.id) m
  WHERE j.id = m.job_id AND m.n = 1;
--> statement-breakpoint
-- A name nobody matched stays visible as the job's former text, beside "no client".
UPDATE jobs SET client_text = nullif(btrim("values"->>'company'), '') WHERE client_company_id IS NULL;
--> statement-breakpoint
-- The free-text field is gone from the job catalogue: its value goes from every job.
UPDATE jobs SET "values" = "values" - 'company' WHERE ("values" -> 'company') IS NOT NULL;
--> statement-breakpoint
-- An agent's own job is worked on by the agent who made it; a company's request waits for an agent.
UPDATE jobs SET assigned_agent_id = created_by, assigned_at = created_at
  WHERE origin = 'agent' AND created_by IS NOT NULL;
