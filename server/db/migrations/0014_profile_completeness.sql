-- The agents' tables sort by completeness (issue 12) through an index instead of computing it for
-- every row of a type and sorting them all (150-200 ms at 70 000 stellas). completeness is kept by
-- triggers: on a profile's insert or change, and for every profile when the profile catalogue
-- changes which fields are required. The backfill fills the existing rows.
--
-- profile_required_fields holds each type's required keys, copied from the catalogue whenever it
-- changes: the profile catalogue is ~15 kB of JSON, too much to read again for every profile written.
CREATE TABLE "profile_required_fields" (
	"type" text PRIMARY KEY NOT NULL,
	"keys" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "completeness" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION matchwerk_refresh_required_fields() RETURNS void LANGUAGE sql AS $$
  DELETE FROM profile_required_fields;
  INSERT INTO profile_required_fields (type, keys)
    SELECT t, array_agg(f ->> 'key' ORDER BY n)
    FROM catalogs c
      CROSS JOIN LATERAL jsonb_array_elements(c.fields) WITH ORDINALITY AS x(f, n)
      CROSS JOIN LATERAL jsonb_array_elements_text(f -> 'for') AS t
    WHERE c.scope = 'profile' AND coalesce((f ->> 'required')::boolean, false)
    GROUP BY t;
$$;
--> statement-breakpoint
-- The twin of completenessOf (server/profiles/profiles.ts): the share of the type's required profile
-- fields that are filled (not null, "" or []), rounded; 100 when the type requires nothing.
CREATE FUNCTION matchwerk_profile_completeness(t text, v jsonb) RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((
    SELECT round(100.0 * count(*) FILTER (
      WHERE coalesce(v -> k, 'null'::jsonb) NOT IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
    ) / nullif(count(*), 0))::integer
    FROM profile_required_fields r CROSS JOIN LATERAL unnest(r.keys) AS k
    WHERE r.type = t
  ), 100)
$$;
--> statement-breakpoint
-- Copied or derived columns (the account's e-mail, the completeness) are no edit of the profile:
-- updated_at and change_tx (the matching index follows it) stay when nothing else changed.
CREATE OR REPLACE FUNCTION profiles_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.search_email IS DISTINCT FROM OLD.search_email OR NEW.completeness IS DISTINCT FROM OLD.completeness)
     AND (to_jsonb(NEW) - 'search_email' - 'completeness' - 'search_text' - 'sort_name')
       = (to_jsonb(OLD) - 'search_email' - 'completeness' - 'search_text' - 'sort_name') THEN
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
CREATE FUNCTION profiles_set_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.completeness := matchwerk_profile_completeness(NEW.type, NEW."values");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_set_completeness BEFORE INSERT OR UPDATE OF type, "values" ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_set_completeness();
--> statement-breakpoint
CREATE FUNCTION catalogs_refresh_completeness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM matchwerk_refresh_required_fields();
  UPDATE profiles SET completeness = matchwerk_profile_completeness(type, "values")
    WHERE completeness IS DISTINCT FROM matchwerk_profile_completeness(type, "values");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalogs_refresh_completeness AFTER INSERT OR UPDATE OF fields ON catalogs
  FOR EACH ROW WHEN (NEW.scope = 'profile') EXECUTE FUNCTION catalogs_refresh_completeness();
--> statement-breakpoint
SELECT matchwerk_refresh_required_fields();
--> statement-breakpoint
UPDATE profiles SET completeness = matchwerk_profile_completeness(type, "values");
--> statement-breakpoint
-- The backfill queued the deferred list-generation triggers of migration 0012; a table with pending
-- trigger events takes no DDL in the same transaction: fire them now.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE INDEX "profiles_type_completeness_idx" ON "profiles" USING btree ("type","completeness","id");
