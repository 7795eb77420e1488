-- The agents' search matches a candidate's account e-mail on the profile row itself (issue 12):
-- looking the accounts up per query term (`user_id = any(select … from users where email like …)`)
-- costs a scan of every matching account, 16 000 for "anna" at 100 k candidates, on every page.
-- search_email is a lower-cased copy of users.email kept current by triggers, with its own
-- trigram index; the backfill fills the existing rows. And two indexes for the tables filtered by
-- assignment (below).
ALTER TABLE "profiles" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Copying the e-mail in is no edit of the profile: updated_at and change_tx (the matching index
-- follows it) stay as they were when nothing else changed.
CREATE OR REPLACE FUNCTION profiles_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_email IS DISTINCT FROM OLD.search_email
     AND (to_jsonb(NEW) - 'search_email' - 'search_text' - 'sort_name')
       = (to_jsonb(OLD) - 'search_email' - 'search_text' - 'sort_name') THEN
    RETURN NEW;
  END IF;
  NEW.change_tx := pg_current_xact_id()::text::bigint;
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION profiles_copy_search_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_email := coalesce((SELECT lower(email) FROM users WHERE id = NEW.user_id), '');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_copy_search_email BEFORE INSERT OR UPDATE OF user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_copy_search_email();
--> statement-breakpoint
CREATE FUNCTION users_copy_search_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET search_email = lower(NEW.email) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_copy_search_email AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_copy_search_email();
--> statement-breakpoint
UPDATE profiles p SET search_email = lower(u.email) FROM users u WHERE u.id = p.user_id;
--> statement-breakpoint
-- The backfill queued the deferred list-generation triggers of migration 0012, and a table with
-- pending trigger events takes no DDL in the same transaction (all pending migrations run in one):
-- fire them now.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE INDEX "profiles_search_email_trgm_idx" ON "profiles" USING gin ("search_email" gin_trgm_ops);
--> statement-breakpoint
-- The tables filtered by assignment and type, in the order of their sort (by name, by last change):
-- "assigned to me" reads the next 20 entries of its index instead of sorting every row it assigns.
-- They start with assigned_agent_id, so they also serve what the single-column index did.
DROP INDEX "profiles_assigned_agent_idx";
--> statement-breakpoint
CREATE INDEX "profiles_assigned_type_updated_idx" ON "profiles" USING btree ("assigned_agent_id","type","updated_at","id");
--> statement-breakpoint
CREATE INDEX "profiles_assigned_type_sort_name_idx" ON "profiles" USING btree ("assigned_agent_id","type","sort_name","id");
