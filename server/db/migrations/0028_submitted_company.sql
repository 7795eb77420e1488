ALTER TABLE "pipeline_entries" ADD COLUMN "submitted_company_id" uuid;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD COLUMN "submitted_contact_id" uuid;--> statement-breakpoint
CREATE INDEX "pipeline_entries_submitted_company_idx" ON "pipeline_entries" USING btree ("submitted_company_id") WHERE "pipeline_entries"."submitted_company_id" is not null;--> statement-breakpoint
-- Checked at commit, not at once: deleting a company account sets the company, its contact and who
-- answered to null on one entry in one statement, and a key checked at once saw the others' rows gone
-- before their own actions ran (server/db/schema/pipeline.ts).
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_submitted_company_id_companies_id_fk" FOREIGN KEY ("submitted_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_submitted_contact_id_company_contacts_id_fk" FOREIGN KEY ("submitted_contact_id") REFERENCES "public"."company_contacts"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- Entries sent before this migration went to the job's client of now, the best the data knows: each
-- keeps that company; an entry presented on a job without a client is no company's to see.
UPDATE "pipeline_entries" e SET "submitted_company_id" = j."client_company_id"
FROM "jobs" j
WHERE j."id" = e."job_id" AND e."submitted_at" IS NOT NULL;
