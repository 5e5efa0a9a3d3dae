-- Group commit on a busy wallet (wallet/group-commit.ts): the charges gathered for one wallet in a
-- process are one statement, so one transaction and one WAL flush, and the wallet's row is locked
-- from the first debit to the commit without a trip through the process in between.
--
-- In order, each item's conditional debit (balance or credit limit) decides whether it is paid; a
-- refused one writes nothing. The paid items' ledger rows and their own rows are written one insert
-- per table for the whole batch (a table's statement-level triggers run once, each insert is
-- planned once). Those rows are written before the debits, as if every item were paid, so that the
-- wallet's row is locked only for the debits, the ledger rows and the commit; when one is refused,
-- that attempt is undone (a subtransaction) and the debits run again first, then the paid items'
-- rows. Should an insert fail (a code or username already taken), the whole statement fails and
-- nothing of it is written; the process then runs each charge of the batch alone, so that only the
-- one at fault answers the error.
DROP FUNCTION IF EXISTS wallet_charge(integer, bigint, text, text, text, integer, timestamptz, integer);
--> statement-breakpoint
-- Each item's debit in order; answers [item, paid, balance after, credit limit, threshold] for each.
CREATE FUNCTION wallet_batch_debits(p_reseller integer, p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  n integer := -1;
  v_amount bigint;
  v_balance bigint;
  v_limit bigint;
  v_threshold bigint;
  answers jsonb := '[]';
BEGIN
  FOR it IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    n := n + 1;
    v_balance := NULL; v_limit := NULL; v_threshold := NULL;
    v_amount := (it->>'amount')::bigint;
    -- A free item (nothing to pay) only moves the coupon counter.
    UPDATE resellers r SET balance_cents = r.balance_cents - v_amount, updated_at = now(),
                           coupons_total = r.coupons_total + coalesce((it->>'coupons')::integer, 0)
    WHERE r.id = p_reseller AND (v_amount = 0 OR r.balance_cents - v_amount >= -r.credit_limit_cents)
    RETURNING r.balance_cents, r.credit_limit_cents, r.low_balance_threshold_cents INTO v_balance, v_limit, v_threshold;
    answers := answers || jsonb_build_array(jsonb_build_array(n, FOUND, v_balance, v_limit, v_threshold));
  END LOOP;
  RETURN answers;
END $$;
--> statement-breakpoint
-- The items' own rows ([table, rows] pairs), one insert per table, the tables in the order they
-- first appear (a batch before its codes); only the paid items' when `p_answers` is given.
CREATE FUNCTION wallet_batch_rows(p_items jsonb, p_answers jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
  cols text;
  picked text;
BEGIN
  -- The rows are read where they lie in the items (a generation's 10 000 codes are megabytes:
  -- gathering them into one array first cost more than inserting them).
  FOR t IN SELECT x.b->>0 FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(it, o), jsonb_array_elements(i.it->'rows') WITH ORDINALITY AS x(b, n)
           GROUP BY x.b->>0 ORDER BY min(i.o * 1000000 + x.n) LOOP
    SELECT string_agg(quote_ident(k), ', '), string_agg('r.' || quote_ident(k), ', ') INTO cols, picked
    FROM jsonb_object_keys((SELECT x.b->1->0 FROM jsonb_array_elements(p_items) AS i(it), jsonb_array_elements(i.it->'rows') AS x(b) WHERE x.b->>0 = t LIMIT 1)) AS k;
    EXECUTE format('INSERT INTO %I (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM jsonb_array_elements($1) WITH ORDINALITY AS i(it, o), '
                   'jsonb_array_elements(i.it->''rows'') AS x(b), jsonb_populate_recordset(NULL::%I, x.b->1) AS r '
                   'WHERE x.b->>0 = $2 AND ($3 IS NULL OR ($3->(i.o::integer - 1)->>1)::boolean)',
                   t, cols, picked, t)
    USING p_items, t, p_answers;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION wallet_charge_batch(p_reseller integer, p_items jsonb)
RETURNS TABLE (item integer, paid boolean, out_balance bigint, out_credit_limit bigint, out_threshold bigint, out_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  answers jsonb;
  a jsonb;
BEGIN
  BEGIN
    PERFORM wallet_batch_rows(p_items, NULL);
    answers := wallet_batch_debits(p_reseller, p_items);
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(answers) AS x(a) WHERE NOT (a->>1)::boolean) THEN
      RAISE EXCEPTION 'a charge of the batch was refused' USING ERRCODE = 'PP409';
    END IF;
  EXCEPTION WHEN SQLSTATE 'PP409' THEN
    answers := wallet_batch_debits(p_reseller, p_items);
    PERFORM wallet_batch_rows(p_items, answers);
  END;

  INSERT INTO wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description, actor_id, created_at)
  SELECT p_reseller, -(i.it->>'amount')::bigint, (x.a->>2)::bigint, i.it->>'kind', coalesce(i.it->>'reference', ''), i.it->>'description',
         (i.it->>'actor')::integer, (i.it->>'at')::timestamptz
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(it, o) JOIN jsonb_array_elements(answers) WITH ORDINALITY AS x(a, o) USING (o)
  WHERE (x.a->>1)::boolean AND (i.it->>'amount')::bigint > 0
  ORDER BY o;

  FOR a IN SELECT value FROM jsonb_array_elements(answers) LOOP
    item := (a->>0)::integer; paid := (a->>1)::boolean;
    out_balance := (a->>2)::bigint; out_credit_limit := (a->>3)::bigint; out_threshold := (a->>4)::bigint; out_at := now();
    RETURN NEXT;
  END LOOP;
END $$;
--> statement-breakpoint
-- An event is never written without its fan-out job, whichever statement writes it (one event or a
-- batch's): the job is queued when the reseller has an enabled endpoint of the event's mode. A
-- test event is delivered by its own job to its one endpoint, never fanned out.
CREATE FUNCTION fan_out_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('webhooks.fanout', json_build_object('event', e.id), max_attempts => 25)
  FROM added e
  WHERE e.type <> 'webhook.test'
    AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.reseller_id = e.reseller_id AND w.mode = e.mode AND w.status = 'enabled')
  ORDER BY e.seq;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_fanned_out AFTER INSERT ON events REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION fan_out_events();
