-- The agents' search on a word index (issue 12). The trigram indexes of migrations 0011 and 0013
-- find a query's rows, but LIKE must be checked again on every row they name: counting the 7 000
-- stellas that match "schmi" at 100 k read and tested 10 000 wide rows, 15–22 ms, on every new query.
-- search_doc holds a profile's searchable words as lexemes: the words of its name, city and e-mail
-- (folded by matchwerk_fold, split at white space and ASCII punctuation) and its skill and
-- occupation keys ('skill:…', 'occupation:…'; the search maps a query to them through the
-- catalogue's German and English labels). A query is one tsquery of word prefixes ("schmi" finds
-- Schmidt, "muller" Müller); GIN answers it exactly, so no row is tested again, and one index per
-- candidate type spares a bitmap of every row of the type. Counting "schmi": 5–6 ms.
-- matchwerk_search_words is the twin of searchWords in server/agents/search.ts.
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
-- search_doc follows the copied e-mail: no edit of the profile (search_text, below, is gone).
CREATE OR REPLACE FUNCTION profiles_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.search_email IS DISTINCT FROM OLD.search_email OR NEW.completeness IS DISTINCT FROM OLD.completeness)
     AND (to_jsonb(NEW) - 'search_email' - 'completeness' - 'sort_name' - 'search_doc')
       = (to_jsonb(OLD) - 'search_email' - 'completeness' - 'sort_name' - 'search_doc') THEN
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
-- The trigram, skills and occupation indexes served only the search; search_text (migration 0011)
-- fed only the trigram index: search_doc reads the profile's values itself.
DROP INDEX "profiles_search_text_trgm_idx";
--> statement-breakpoint
DROP INDEX "profiles_search_email_trgm_idx";
--> statement-breakpoint
DROP INDEX "profiles_skills_gin_idx";
--> statement-breakpoint
DROP INDEX "profiles_occupation_idx";
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
