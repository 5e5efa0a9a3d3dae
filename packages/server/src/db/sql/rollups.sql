-- Dashboard rollups: a reseller's spend, coupons and VPN accounts per UTC day.
--
-- Statement-level triggers append one row per (reseller, day) a statement touched to
-- reseller_daily_delta (an append, so concurrent statements never wait on each other's rows), and
-- fold_daily moves those deltas into reseller_daily.
--
-- utc_day(t): the UTC calendar day of a timestamp. Called by the roll_* functions below.
-- add_to_daily(delta): appends per-day deltas given as JSON to reseller_daily_delta. Called by
--   nothing since the roll_* functions count in one query (migration 0018); kept because a
--   function leaves the database only by a migration that drops it.
-- fold_daily(): moves every delta into reseller_daily, then sums the days it touched into
--   programme_daily and reads the last day of spend of the resellers it touched, and answers how many deltas it moved. Folds run one at a time (an advisory
--   lock), so a day's programme row is summed from every fold committed before it. Called by
--   modules/dashboard/fold.ts (foldDaily, run on a timer by app.ts).
-- refresh_last_spend(ids): each of those resellers' last day of spend (reseller_last_spend), from
--   its folded days. Called by fold_daily, and by the bench after it writes rollups directly.
-- refresh_programme_days(days): sums those days of reseller_daily into programme_daily (the
--   operator's programme dashboard, modules/operator/dashboard.ts). Called by fold_daily, and by
--   the bench after it writes rollups directly.
-- roll_ledger(): spend per day from new wallet_ledger rows of purchase kinds (trigger
--   wallet_ledger_rolled). Called by PostgreSQL on inserts from the wallet (modules/wallet).
-- roll_coupons(): coupons generated, redeemed and deleted per day (triggers coupons_rolled_*).
--   Called by PostgreSQL on writes from modules/coupons, redeem and the grouped charge.
-- roll_vpn_accounts(): VPN accounts started and ended per day (triggers vpn_accounts_rolled_*).
--   Called by PostgreSQL on writes from modules/vpn and the grouped charge.
-- All read by modules/dashboard (the dashboard and insight charts).
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.utc_day(t timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE
AS $function$ SELECT (t AT TIME ZONE 'UTC')::date $function$;

CREATE OR REPLACE FUNCTION public.add_to_daily(delta jsonb)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO reseller_daily_delta (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended)
  SELECT reseller_id, day, sum(spend), sum(generated), sum(redeemed), sum(deleted), sum(started), sum(ended)
  FROM jsonb_to_recordset(delta) AS d(reseller_id integer, day date, spend bigint, generated integer, redeemed integer, deleted integer, started integer, ended integer)
  GROUP BY reseller_id, day
  HAVING sum(spend) <> 0 OR sum(generated) <> 0 OR sum(redeemed) <> 0 OR sum(deleted) <> 0 OR sum(started) <> 0 OR sum(ended) <> 0
$function$;

CREATE OR REPLACE FUNCTION public.refresh_programme_days(days date[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO programme_daily AS p (day, spend_cents, coupons_generated, coupons_redeemed, vpn_started, vpn_ended, active_resellers)
  SELECT d.day, coalesce(sum(r.spend_cents), 0), coalesce(sum(r.coupons_generated), 0), coalesce(sum(r.coupons_redeemed), 0),
         coalesce(sum(r.vpn_started), 0), coalesce(sum(r.vpn_ended), 0), count(r.reseller_id) FILTER (WHERE r.spend_cents > 0)
  FROM unnest(days) AS d(day) LEFT JOIN reseller_daily r ON r.day = d.day
  GROUP BY d.day
  ON CONFLICT (day) DO UPDATE SET
    spend_cents = excluded.spend_cents,
    coupons_generated = excluded.coupons_generated,
    coupons_redeemed = excluded.coupons_redeemed,
    vpn_started = excluded.vpn_started,
    vpn_ended = excluded.vpn_ended,
    active_resellers = excluded.active_resellers
$function$;

CREATE OR REPLACE FUNCTION public.refresh_last_spend(ids integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM reseller_last_spend WHERE reseller_id = ANY(ids);
  INSERT INTO reseller_last_spend (reseller_id, day)
  SELECT d.reseller_id, max(d.day) FROM reseller_daily d
  WHERE d.reseller_id = ANY(ids) AND d.spend_cents > 0
  GROUP BY d.reseller_id;
$function$;

CREATE OR REPLACE FUNCTION public.fold_daily()
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  folded integer;
  touched date[];
  spenders integer[];
BEGIN
  -- One fold at a time across processes: the programme's days are summed after the folds before.
  PERFORM pg_advisory_xact_lock(hashtext('fold_daily'));
  WITH moved AS (DELETE FROM reseller_daily_delta RETURNING *),
  summed AS (
    INSERT INTO reseller_daily AS r (reseller_id, day, spend_cents, coupons_generated, coupons_redeemed, coupons_deleted, vpn_started, vpn_ended)
    SELECT m.reseller_id, m.day, sum(m.spend_cents), sum(m.coupons_generated), sum(m.coupons_redeemed), sum(m.coupons_deleted), sum(m.vpn_started), sum(m.vpn_ended)
    FROM moved m WHERE EXISTS (SELECT 1 FROM resellers WHERE id = m.reseller_id)
    GROUP BY m.reseller_id, m.day
    ON CONFLICT (reseller_id, day) DO UPDATE SET
      spend_cents = r.spend_cents + excluded.spend_cents,
      coupons_generated = r.coupons_generated + excluded.coupons_generated,
      coupons_redeemed = r.coupons_redeemed + excluded.coupons_redeemed,
      coupons_deleted = r.coupons_deleted + excluded.coupons_deleted,
      vpn_started = r.vpn_started + excluded.vpn_started,
      vpn_ended = r.vpn_ended + excluded.vpn_ended
    RETURNING 1
  )
  SELECT count(*)::integer, array_agg(DISTINCT day), array_agg(DISTINCT reseller_id) INTO folded, touched, spenders FROM moved;
  -- New statements: they see the rows the fold above wrote.
  IF touched IS NOT NULL THEN
    PERFORM refresh_programme_days(touched);
    PERFORM refresh_last_spend(spenders);
  END IF;
  RETURN folded;
END $function$;

CREATE OR REPLACE FUNCTION public.roll_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO reseller_daily_delta (reseller_id, day, spend_cents)
  SELECT reseller_id, utc_day(created_at), sum(-amount_cents) FROM added
  WHERE kind IN ('coupon_purchase', 'coupon_refund', 'vpn_purchase', 'vpn_renewal')
  GROUP BY 1, 2;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.roll_coupons()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A coupon counts on the day it was made, on the day it was redeemed and on the day it was
  -- deleted; a new row +1, a removed one -1, an update both (its unchanged days cancel out).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reseller_daily_delta (reseller_id, day, coupons_generated, coupons_redeemed, coupons_deleted)
    SELECT reseller_id, day, sum(generated), sum(redeemed), sum(deleted) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, 1 AS generated, 0 AS redeemed, 0 AS deleted FROM added
      UNION ALL SELECT reseller_id, utc_day(redeemed_at), 0, 1, 0 FROM added WHERE redeemed_at IS NOT NULL
      UNION ALL SELECT reseller_id, utc_day(deleted_at), 0, 0, 1 FROM added WHERE deleted_at IS NOT NULL
    ) d GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO reseller_daily_delta (reseller_id, day, coupons_generated, coupons_redeemed, coupons_deleted)
    SELECT reseller_id, day, sum(generated), sum(redeemed), sum(deleted) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, -1 AS generated, 0 AS redeemed, 0 AS deleted FROM removed
      UNION ALL SELECT reseller_id, utc_day(redeemed_at), 0, -1, 0 FROM removed WHERE redeemed_at IS NOT NULL
      UNION ALL SELECT reseller_id, utc_day(deleted_at), 0, 0, -1 FROM removed WHERE deleted_at IS NOT NULL
    ) d GROUP BY 1, 2;
  ELSE
    INSERT INTO reseller_daily_delta (reseller_id, day, coupons_generated, coupons_redeemed, coupons_deleted)
    SELECT reseller_id, day, sum(generated), sum(redeemed), sum(deleted) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, 1 AS generated, 0 AS redeemed, 0 AS deleted FROM added
      UNION ALL SELECT reseller_id, utc_day(redeemed_at), 0, 1, 0 FROM added WHERE redeemed_at IS NOT NULL
      UNION ALL SELECT reseller_id, utc_day(deleted_at), 0, 0, 1 FROM added WHERE deleted_at IS NOT NULL
      UNION ALL SELECT reseller_id, utc_day(created_at), -1, 0, 0 FROM removed
      UNION ALL SELECT reseller_id, utc_day(redeemed_at), 0, -1, 0 FROM removed WHERE redeemed_at IS NOT NULL
      UNION ALL SELECT reseller_id, utc_day(deleted_at), 0, 0, -1 FROM removed WHERE deleted_at IS NOT NULL
    ) d GROUP BY 1, 2
    HAVING sum(generated) <> 0 OR sum(redeemed) <> 0 OR sum(deleted) <> 0;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.roll_vpn_accounts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- An account starts on the day it was made and stops on the day its time ends, or on the day it
  -- was suspended or deleted when that came first.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO reseller_daily_delta (reseller_id, day, vpn_started, vpn_ended)
    SELECT reseller_id, day, sum(started), sum(ended) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, 1 AS started, 0 AS ended FROM added
      UNION ALL SELECT reseller_id, utc_day(CASE WHEN hosting_status = 'active' THEN end_at ELSE least(end_at, updated_at) END), 0, 1 FROM added
    ) d GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO reseller_daily_delta (reseller_id, day, vpn_started, vpn_ended)
    SELECT reseller_id, day, sum(started), sum(ended) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, -1 AS started, 0 AS ended FROM removed
      UNION ALL SELECT reseller_id, utc_day(CASE WHEN hosting_status = 'active' THEN end_at ELSE least(end_at, updated_at) END), 0, -1 FROM removed
    ) d GROUP BY 1, 2;
  ELSE
    INSERT INTO reseller_daily_delta (reseller_id, day, vpn_started, vpn_ended)
    SELECT reseller_id, day, sum(started), sum(ended) FROM (
      SELECT reseller_id, utc_day(created_at) AS day, 1 AS started, 0 AS ended FROM added
      UNION ALL SELECT reseller_id, utc_day(CASE WHEN hosting_status = 'active' THEN end_at ELSE least(end_at, updated_at) END), 0, 1 FROM added
      UNION ALL SELECT reseller_id, utc_day(created_at), -1, 0 FROM removed
      UNION ALL SELECT reseller_id, utc_day(CASE WHEN hosting_status = 'active' THEN end_at ELSE least(end_at, updated_at) END), 0, -1 FROM removed
    ) d GROUP BY 1, 2
    HAVING sum(started) <> 0 OR sum(ended) <> 0;
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER wallet_ledger_rolled AFTER INSERT ON public.wallet_ledger REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roll_ledger();

CREATE OR REPLACE TRIGGER coupons_rolled_insert AFTER INSERT ON public.coupons REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();

CREATE OR REPLACE TRIGGER coupons_rolled_update AFTER UPDATE ON public.coupons REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();

CREATE OR REPLACE TRIGGER coupons_rolled_delete AFTER DELETE ON public.coupons REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION roll_coupons();

CREATE OR REPLACE TRIGGER vpn_accounts_rolled_insert AFTER INSERT ON public.vpn_accounts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();

CREATE OR REPLACE TRIGGER vpn_accounts_rolled_update AFTER UPDATE ON public.vpn_accounts REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();

CREATE OR REPLACE TRIGGER vpn_accounts_rolled_delete AFTER DELETE ON public.vpn_accounts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION roll_vpn_accounts();
