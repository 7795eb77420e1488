-- The agent workspace's search (issue 12): trigram indexes need pg_trgm (PGlite loads it as an
-- extension, server/db/extensions.ts). matchwerk_fold is the SQL twin of foldText in
-- server/agents/search.ts: decomposed, accents dropped, lower-cased, ß → ss; immutable so that the
-- generated search columns of the next migration and their indexes can use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION matchwerk_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    replace(lower(regexp_replace(normalize(coalesce(t, ''), NFD), '[\u0300-\u036f]', '', 'g')), 'ß', 'ss'),
    'ŁłØøĐđÆæ', 'llooddaa')
$$;
--> statement-breakpoint
-- What a candidate's free-text search reads from the profile: name and city (skills and occupation
-- are matched by their catalogue keys, e-mail in users).
CREATE FUNCTION matchwerk_profile_search(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT matchwerk_fold(concat_ws(' ', v->>'first_name', v->>'last_name', v->'city'->>'name'))
$$;
--> statement-breakpoint
CREATE FUNCTION matchwerk_profile_sort_name(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT matchwerk_fold(concat_ws(' ', v->>'last_name', v->>'first_name'))
$$;
--> statement-breakpoint
CREATE FUNCTION matchwerk_company_search(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT matchwerk_fold(concat_ws(' ', v->>'name', v->'city'->>'name', v->>'website'))
$$;
