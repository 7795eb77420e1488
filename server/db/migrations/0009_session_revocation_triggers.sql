-- A deleted or deactivated user's access tokens stop working on every node within seconds
-- (docs/decisions/0011-session-revocation.md): whatever path deletes or deactivates the row
-- (the API, a command, plain SQL) leaves a revocation the nodes' caches poll for.
CREATE FUNCTION users_revoke_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_revocations (user_id, revoked_at) VALUES (OLD.id, clock_timestamp());
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_revoke_on_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoke_sessions();
--> statement-breakpoint
CREATE TRIGGER users_revoke_on_deactivate AFTER UPDATE OF active ON users
  FOR EACH ROW WHEN (OLD.active AND NOT NEW.active)
  EXECUTE FUNCTION users_revoke_sessions();
