-- Principal cache invalidation (docs/identity.md): every change that can end or alter a signed-in
-- caller notifies channel bp_auth in the changing transaction itself. PostgreSQL delivers a
-- notification at commit only (never for a rollback), to every listening server process, so a
-- cached principal is dropped everywhere whichever code path (service, migration, psql) made the
-- change. Payloads: s:<session id>, u:<user id>, t:<tenant id>.
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
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- a session ends or changes (sign-out, revocation, expiry moved, roles); last_used_at is not watched
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OF revoked_at, expires_at, roles, user_id, tenant_id ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.roles IS DISTINCT FROM NEW.roles
        OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION bp_auth_notify();
--> statement-breakpoint
-- a live session deleted (a sweep deleting ended sessions stays quiet)
CREATE TRIGGER sessions_auth_notify_delete AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION bp_auth_notify();
--> statement-breakpoint
-- a user disabled, its tokens revoked (password reset, sign-out everywhere), moved or deleted;
-- last_login and updated_at alone (every sign-in) are not watched
CREATE TRIGGER users_auth_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.tokens_valid_after IS DISTINCT FROM NEW.tokens_valid_after
        OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
        OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION bp_auth_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION bp_auth_notify();
--> statement-breakpoint
-- a role granted or withdrawn
CREATE TRIGGER user_roles_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION bp_auth_notify();
--> statement-breakpoint
-- any change of a tenant (suspension, reactivation, its name): the cached row is handed to handlers
CREATE TRIGGER tenants_auth_notify AFTER UPDATE OR DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION bp_auth_notify();
