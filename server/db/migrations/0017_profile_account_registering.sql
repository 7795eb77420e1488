-- "Registration finished" on the profile row (issue 12): the agents' tables filtered by it looked up
-- each matching profile's account (an anti-join, 300 probes for an agent's own lunas), which made
-- such a page cost twice the planning and running of one without the filter. account_registering
-- copies whether the account is still registering (registration_step <> 0), kept by triggers like
-- search_email (migration 0013), and the agents' counts read it from their covering index.
ALTER TABLE "profiles" ADD COLUMN "account_registering" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Copied columns are no edit of the profile: updated_at and change_tx stay when nothing else changed.
CREATE OR REPLACE FUNCTION profiles_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.search_email IS DISTINCT FROM OLD.search_email OR NEW.completeness IS DISTINCT FROM OLD.completeness
          OR NEW.account_registering IS DISTINCT FROM OLD.account_registering)
     AND (to_jsonb(NEW) - 'search_email' - 'completeness' - 'account_registering' - 'sort_name' - 'search_doc')
       = (to_jsonb(OLD) - 'search_email' - 'completeness' - 'account_registering' - 'sort_name' - 'search_doc') THEN
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
CREATE FUNCTION profiles_copy_account_registering() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.account_registering := coalesce((SELECT registration_step <> 0 FROM users WHERE id = NEW.user_id), false);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_copy_account_registering BEFORE INSERT OR UPDATE OF user_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_copy_account_registering();
--> statement-breakpoint
-- A change of the step already touches the account's profile for the matching index (migration
-- 0007): the same update now copies it.
CREATE OR REPLACE FUNCTION users_touch_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET change_tx = pg_current_xact_id()::text::bigint,
      account_registering = (NEW.registration_step <> 0)
    WHERE user_id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
UPDATE profiles p SET account_registering = true FROM users u WHERE u.id = p.user_id AND u.registration_step <> 0;
--> statement-breakpoint
-- The backfill queued the deferred list-generation triggers (migrations 0012, 0015); a table with
-- pending trigger events takes no DDL in the same transaction: fire them now.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
-- The agents' own counts ("assigned to me", "not assigned", with a status and the registration
-- filter) from the index alone.
DROP INDEX "profiles_assigned_type_status_idx";
--> statement-breakpoint
CREATE INDEX "profiles_assigned_type_status_idx" ON "profiles" ("assigned_agent_id", "type", "status") INCLUDE ("account_registering");
