-- The audit log can be added to, never changed. The row trigger of 0001 stops UPDATE and DELETE, but
-- TRUNCATE fires no row triggers: a statement-level trigger stops it too (for any role, the owner
-- included, until the owner drops the trigger on purpose).
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
--> statement-breakpoint
-- On PostgreSQL the application connects as bjp_app (see README, 'PostgreSQL en producción'; created
-- by `npm run db:roles`), which owns nothing: it may read and add audit rows, and can neither change,
-- empty nor alter the table nor its triggers. Nobody else gets more by default either.
REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'bjp_app') THEN
    REVOKE ALL ON audit_log FROM bjp_app;
    GRANT SELECT, INSERT ON audit_log TO bjp_app;
    GRANT USAGE ON SEQUENCE audit_log_id_seq TO bjp_app;
  END IF;
END
$$;
