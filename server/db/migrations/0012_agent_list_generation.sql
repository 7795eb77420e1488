-- The agents' candidate tables count their rows once per filter and change, not on every page
-- (issue 12, server/agents/list-counts.ts): a counter that moves whenever a committed write may
-- change what a count over profiles (and their accounts' e-mail and registration step) says.
-- Row triggers on profiles and users are deferred to the commit, so that the counter moves as late
-- as possible before the change becomes visible; TRUNCATE (tests) moves it too. A sequence neither
-- locks nor rolls back, so writers never wait on each other for it.
CREATE SEQUENCE matchwerk_list_generation;
--> statement-breakpoint
CREATE FUNCTION matchwerk_bump_list_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('matchwerk_list_generation');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER profiles_list_generation AFTER INSERT OR UPDATE OR DELETE ON profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matchwerk_bump_list_generation();
--> statement-breakpoint
CREATE TRIGGER profiles_list_generation_truncate AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION matchwerk_bump_list_generation();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_list_generation_insert_delete AFTER INSERT OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION matchwerk_bump_list_generation();
--> statement-breakpoint
-- A login or a password change does not change what the tables count; an e-mail or the
-- registration step does.
CREATE CONSTRAINT TRIGGER users_list_generation_update AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.registration_step IS DISTINCT FROM NEW.registration_step)
  EXECUTE FUNCTION matchwerk_bump_list_generation();
--> statement-breakpoint
CREATE TRIGGER users_list_generation_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION matchwerk_bump_list_generation();
