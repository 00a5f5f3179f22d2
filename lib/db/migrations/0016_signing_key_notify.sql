-- Signing keys across instances (issue 26, docs/identity.md): a key added, retired or deleted by any
-- process or by hand notifies channel bp_auth with k:<kid> in the changing transaction, and every
-- server process empties its cache of verification keys (lib/services/identity/principal-cache.ts).
-- Before, a retired key was forgotten only by the process that retired it; the others kept accepting
-- tokens it had signed.
CREATE OR REPLACE FUNCTION bp_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('bp_auth', 's:' || r.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('bp_auth', 'u:' || r.id);
  ELSIF TG_TABLE_NAME = 'user_roles' THEN
    PERFORM pg_notify('bp_auth', 'u:' || r.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('bp_auth', 'u:' || OLD.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'tenants' THEN
    PERFORM pg_notify('bp_auth', 't:' || r.id);
  ELSIF TG_TABLE_NAME = 'signing_keys' THEN
    PERFORM pg_notify('bp_auth', 'k:' || r.kid);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER signing_keys_auth_notify AFTER INSERT OR UPDATE OR DELETE ON signing_keys FOR EACH ROW EXECUTE FUNCTION bp_auth_notify();
