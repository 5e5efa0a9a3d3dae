-- Audit log: append-only.
--
-- audit_log_append_only(): refuses UPDATE, DELETE and TRUNCATE on audit_log (triggers
--   audit_log_no_update, audit_log_no_truncate). Called by PostgreSQL on any such statement;
--   the log is written by modules/audit (and read by the admin's audit pages).
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
END;
$function$;

CREATE OR REPLACE TRIGGER audit_log_no_update BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
