-- Change tracking for the matching index (docs/decisions/0003-matching-index.md): every insert and
-- update stamps the row with its transaction id and time, every delete leaves a tombstone. Triggers,
-- not application code, so that no writer (a route, a CLI, a manual fix) can forget it.
CREATE FUNCTION profiles_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_tx := pg_current_xact_id()::text::bigint;
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_stamp_change BEFORE INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_stamp_change();
--> statement-breakpoint
CREATE FUNCTION profiles_leave_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_tombstones (profile_id) VALUES (OLD.id);
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_leave_tombstone AFTER DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_leave_tombstone();
