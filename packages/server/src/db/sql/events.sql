-- Events: every event row queues the job that delivers it to the reseller's webhook endpoints.
--
-- fan_out_events(): for each event a statement inserted (trigger events_fanned_out) whose reseller
--   has an enabled endpoint of the event's mode, adds a graphile-worker job 'webhooks.fanout' in
--   the same transaction, so an event is never committed without its delivery job. The fan-outs of
--   one subject's events (a VPN user's) share a named queue, so they run one at a time in the order
--   the events were written, and their deliveries join each endpoint's queue of that subject in that
--   order: run side by side, a later event's fan-out could queue its delivery first. Called by
--   PostgreSQL on inserts from modules/events/record.ts (recordEvent) and the grouped charge
--   (modules/wallet/group-commit.ts). The job's task name is FANOUT_TASK in
--   modules/events/record.ts, run by modules/webhooks/delivery.ts; db-code.test.ts fails when
--   the two spellings differ.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.fan_out_events()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM graphile_worker.add_job('webhooks.fanout', json_build_object('event', e.id), max_attempts => 25,
                                  queue_name => CASE WHEN e.subject IS NULL THEN NULL ELSE 'fanout:' || e.subject END)
  FROM added e
  WHERE e.type <> 'webhook.test'
    AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.reseller_id = e.reseller_id AND w.mode = e.mode AND w.status = 'enabled')
  ORDER BY e.seq;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER events_fanned_out AFTER INSERT ON public.events REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fan_out_events();
