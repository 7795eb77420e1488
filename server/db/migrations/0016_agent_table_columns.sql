-- Columns for the agents' candidate tables (issue 12).
--
-- search_doc: the search on a word index. The trigram indexes of migrations 0011 and 0013 find a
-- query's rows, but LIKE must be checked again on every row they name: counting the 7 000 stellas
-- that match "schmi" at 100 k read and tested 10 000 wide rows, 15–22 ms, on every new query.
-- search_doc holds a profile's searchable words as lexemes: the words of its name, city and e-mail
-- (folded by matchwerk_fold, split at white space and ASCII punctuation) and its skill and
-- occupation keys ('skill:…', 'occupation:…'; the search maps a query to them through the
-- catalogue's German and English labels). A query is one tsquery of word prefixes ("schmi" finds
-- Schmidt, "muller" Müller); GIN answers it exactly, so no row is tested again, and one index per
-- candidate type spares a bitmap of every row of the type. Counting "schmi": 7–11 ms.
-- matchwerk_search_words is the twin of searchWords in server/agents/search.ts.
--
-- account_registering: whether the profile's account is still registering (registration_step <> 0),
-- copied by triggers like search_email (migration 0013). The tables' "registration finished" filter
-- reads it on the row instead of looking up each row's account (an anti-join of 300 probes for an
-- agent's own lunas), and the agents' counts read it from their covering index.
CREATE FUNCTION matchwerk_search_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(w), '{}'::text[])
  FROM unnest(regexp_split_to_array(
    translate(coalesce(t, ''), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32)), '\s+')) AS w
  WHERE w <> '' AND octet_length(w) < 1024
$$;
--> statement-breakpoint
CREATE FUNCTION matchwerk_profile_doc(v jsonb, email text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    matchwerk_search_words(matchwerk_profile_search(v) || ' ' || matchwerk_fold(email))
    || ARRAY(
      SELECT 'skill:' || s
      FROM jsonb_array_elements_text(CASE jsonb_typeof(v -> 'skills') WHEN 'array' THEN v -> 'skills' ELSE '[]'::jsonb END) AS s
      WHERE s <> '' AND octet_length(s) < 1024)
    || CASE WHEN jsonb_typeof(v -> 'occupation') = 'string' AND v ->> 'occupation' <> ''
              AND octet_length(v ->> 'occupation') < 1024
            THEN ARRAY['occupation:' || (v ->> 'occupation')] ELSE '{}'::text[] END)
$$;
--> statement-breakpoint
-- Copied and derived columns are no edit of the profile: updated_at and change_tx stay when nothing
-- else changed (search_text, dropped below, is no longer among them).
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
ALTER TABLE "profiles" ADD COLUMN "account_registering" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE profiles p SET account_registering = true FROM users u WHERE u.id = p.user_id AND u.registration_step <> 0;
--> statement-breakpoint
-- The backfill queued the deferred list-generation triggers (migrations 0012, 0015); a table with
-- pending trigger events takes no DDL in the same transaction: fire them now.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
-- The trigram, skills and occupation indexes served only the search, and the partial index of
-- unfinished accounts only the anti-join; search_text (migration 0011) fed only its trigram index:
-- search_doc reads the profile's values itself.
DROP INDEX "profiles_search_text_trgm_idx";
--> statement-breakpoint
DROP INDEX "profiles_search_email_trgm_idx";
--> statement-breakpoint
DROP INDEX "profiles_skills_gin_idx";
--> statement-breakpoint
DROP INDEX "profiles_occupation_idx";
--> statement-breakpoint
DROP INDEX "users_unfinished_registration_idx";
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (matchwerk_profile_doc("values", search_email)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "profiles_search_doc_stella_idx" ON "profiles" USING gin ("search_doc") WHERE "profiles"."type" = 'stella';
--> statement-breakpoint
CREATE INDEX "profiles_search_doc_luna_idx" ON "profiles" USING gin ("search_doc") WHERE "profiles"."type" = 'luna';
--> statement-breakpoint
CREATE INDEX "profiles_search_doc_nova_idx" ON "profiles" USING gin ("search_doc") WHERE "profiles"."type" = 'nova';
--> statement-breakpoint
CREATE INDEX "profiles_search_doc_idx" ON "profiles" USING gin ("search_doc");
--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "search_text";
--> statement-breakpoint
-- The agents' own counts ("assigned to me", "not assigned", with a status and the registration
-- filter) from the index alone.
DROP INDEX "profiles_assigned_type_status_idx";
--> statement-breakpoint
CREATE INDEX "profiles_assigned_type_status_idx" ON "profiles" ("assigned_agent_id", "type", "status") INCLUDE ("account_registering");
