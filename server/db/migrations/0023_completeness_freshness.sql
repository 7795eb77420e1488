-- Completeness that means something and freshness of a job's results (issue 20, points 4 and 5).
--
-- profiles.completeness weighed the share of the type's required catalogue fields, so a name and a
-- city read 100 %. It now weighs what matching uses (contract/completeness.ts, whose twins these
-- functions are): occupation 20, skills 20, languages 15, city 15, experience 10, education 10,
-- availability 10. The weights do not depend on the catalogue: the copy of its required fields
-- (profile_required_fields) and the trigger that refreshed every profile when the catalogue changed
-- go. The column stays stored and indexed (the agents' tables sort by it), kept by the trigger of
-- migration 0014, whose function is replaced here; every row is computed again below.
DROP TRIGGER "catalogs_refresh_completeness" ON "catalogs";
--> statement-breakpoint
DROP FUNCTION catalogs_refresh_completeness();
--> statement-breakpoint
DROP FUNCTION matchwerk_refresh_required_fields();
--> statement-breakpoint
DROP TABLE "profile_required_fields" CASCADE;
--> statement-breakpoint
-- The parts of a profile matching would read but finds empty (null, "" or []), heaviest first.
CREATE FUNCTION matchwerk_profile_missing(v jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(k ORDER BY n), '{}'::text[])
  FROM unnest(ARRAY['occupation', 'skills', 'languages', 'city', 'experience_years', 'education_level',
                    'available_from']) WITH ORDINALITY AS x(k, n)
  WHERE coalesce(v -> k, 'null'::jsonb) IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
$$;
--> statement-breakpoint
-- 0–100: the weights of the parts that are filled. The type stays a parameter (the trigger of
-- migration 0014 passes it): every candidate type weighs the same parts.
CREATE OR REPLACE FUNCTION matchwerk_profile_completeness(t text, v jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(w), 0)::integer
  FROM unnest(ARRAY['occupation', 'skills', 'languages', 'city', 'experience_years', 'education_level',
                    'available_from'],
              ARRAY[20, 20, 15, 15, 10, 10, 10]) AS x(k, w)
  WHERE coalesce(v -> k, 'null'::jsonb) NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
$$;
--> statement-breakpoint
-- Freshness: when a job's criteria or target types last changed. A done run that started before it
-- scored other criteria: the results page and the job list say "criteria changed since this run".
ALTER TABLE "jobs" ADD COLUMN "criteria_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE FUNCTION jobs_stamp_criteria_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.criteria IS DISTINCT FROM OLD.criteria
     OR NEW."values" -> 'target_types' IS DISTINCT FROM OLD."values" -> 'target_types' THEN
    NEW.criteria_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_stamp_criteria_change BEFORE UPDATE OF criteria, "values" ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_stamp_criteria_change();
--> statement-breakpoint
-- Backfill: a job created with its criteria; one saved again since its latest done run was queued
-- (its version moved past the run's) counts as changed then. A title edit counts too: no history
-- says which field it changed, and "run again" is the safe advice.
UPDATE jobs j SET criteria_changed_at = CASE
    WHEN j.version > coalesce((SELECT r.job_version FROM job_runs r WHERE r.job_id = j.id AND r.state = 'done'
                               ORDER BY r.finished_at DESC, r.id DESC LIMIT 1), j.version)
    THEN j.updated_at ELSE j.created_at END;
--> statement-breakpoint
-- The agents' search finds a company by its account's e-mail (issue 20, point 7: the global search
-- asks it as the companies table does). It matched users.email through a join of every account, 250 ms
-- at 100 000 accounts; the e-mail is now copied onto the company's row, as profiles.search_email is
-- (migration 0013), with its own trigram index.
ALTER TABLE "companies" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION companies_copy_search_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A company an agent created without an account goes by the contact e-mail the agent entered (0020).
  NEW.search_email := lower(coalesce((SELECT email FROM users WHERE id = NEW.user_id), NEW.contact_email, ''));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_copy_search_email BEFORE INSERT OR UPDATE OF user_id, contact_email ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_copy_search_email();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_copy_search_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET search_email = lower(NEW.email) WHERE user_id = NEW.id;
  UPDATE companies SET search_email = lower(NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE companies c SET search_email = lower(u.email) FROM users u WHERE u.id = c.user_id;
--> statement-breakpoint
UPDATE companies SET search_email = lower(contact_email) WHERE user_id IS NULL AND contact_email IS NOT NULL;
--> statement-breakpoint
UPDATE profiles SET completeness = matchwerk_profile_completeness(type, "values")
  WHERE completeness IS DISTINCT FROM matchwerk_profile_completeness(type, "values");
--> statement-breakpoint
-- The backfills queued the deferred list-generation triggers (migrations 0012, 0015): fire them now.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE INDEX "companies_search_email_trgm_idx" ON "companies" USING gin ("search_email" gin_trgm_ops);
