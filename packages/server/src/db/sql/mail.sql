-- Mail: every mail written to the outbox queues its delivery in the same transaction.
--
-- queue_mail_delivery(): for each statement that inserted rows into mail_outbox (trigger
--   mail_outbox_queued), adds one graphile-worker job 'mail.deliver', so a mail never commits
--   without the job that sends it, and a rolled-back one queues nothing. One job per statement, not
--   per row: the job delivers every mail that is due. Called by PostgreSQL on inserts from
--   adapters/mail/index.ts (enqueue) and the grouped charge (modules/wallet/group-commit.ts). The
--   job's task name is MAIL_TASK in adapters/mail/index.ts, which runs it; db-code.test.ts fails
--   when the two spellings differ. No job key: a key would make every transaction that writes a
--   mail wait on the others' hold of the one job row until they commit.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.queue_mail_delivery()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    PERFORM graphile_worker.add_job('mail.deliver', '{}'::json, max_attempts => 5);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER mail_outbox_queued AFTER INSERT ON public.mail_outbox REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION queue_mail_delivery();
