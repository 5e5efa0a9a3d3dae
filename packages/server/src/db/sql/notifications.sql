-- Notifications: each member of an account has their own read state of its notifications.
--
-- notification_states_for_members(): for each statement that inserted notifications (trigger
--   notifications_per_member), adds an unread row in notification_states for every member of each
--   notification's account (or, for a notification of one member's own sign-in, theirs alone), so
--   every member's bell counts it until they read it. One statement per
--   insert statement, not per row: a grouped charge's notifications are one insert. Called by
--   PostgreSQL on inserts from modules/notifications/notifier.ts and the grouped charge
--   (wallet_batch_rows); the rows are read and marked by modules/notifications/service.ts.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.notification_states_for_members()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO notification_states (person_id, uid, reseller_id, seq)
  SELECT m.person_id, n.uid, n.reseller_id, n.seq FROM added n JOIN memberships m ON m.reseller_id = n.reseller_id
  WHERE n.person_id IS NULL OR n.person_id = m.person_id;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER notifications_per_member AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notification_states_for_members();
