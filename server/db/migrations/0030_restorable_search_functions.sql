-- pg_dump starts a dump with an empty search_path, so pg_restore computes the generated search
-- columns (companies.search_text, profiles.sort_name, profiles.search_doc) with no schema to look
-- names up in; their functions called matchwerk_fold, matchwerk_profile_search and
-- matchwerk_search_words by bare name, and a restore stopped at "function matchwerk_fold(text) does
-- not exist" (the restore drill, tests/ops/restore.test.ts). A SQL-standard body (BEGIN ATOMIC) is
-- parsed when the function is created: it refers to the functions it calls, not to their names, and
-- pg_dump writes it schema-qualified and after them. The results are the same.
CREATE OR REPLACE FUNCTION matchwerk_profile_search(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT matchwerk_fold(concat_ws(' ', v->>'first_name', v->>'last_name', v->'city'->>'name'));
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION matchwerk_profile_sort_name(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT matchwerk_fold(concat_ws(' ', v->>'last_name', v->>'first_name'));
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION matchwerk_company_search(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT matchwerk_fold(concat_ws(' ', v->>'name', v->'city'->>'name', v->>'website'));
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION matchwerk_profile_doc(v jsonb, email text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT array_to_tsvector(
    matchwerk_search_words(matchwerk_profile_search(v) || ' ' || matchwerk_fold(email))
    || ARRAY(
      SELECT 'skill:' || s
      FROM jsonb_array_elements_text(CASE jsonb_typeof(v -> 'skills') WHEN 'array' THEN v -> 'skills' ELSE '[]'::jsonb END) AS s
      WHERE s <> '' AND octet_length(s) < 1024)
    || CASE WHEN jsonb_typeof(v -> 'occupation') = 'string' AND v ->> 'occupation' <> ''
              AND octet_length(v ->> 'occupation') < 1024
            THEN ARRAY['occupation:' || (v ->> 'occupation')] ELSE '{}'::text[] END);
END;
