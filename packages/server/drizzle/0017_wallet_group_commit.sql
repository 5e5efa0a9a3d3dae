-- Group commit on a busy wallet (wallet/group-commit.ts): the charges gathered for one wallet in a
-- process are one statement, so one transaction and one WAL flush, and the wallet's row is locked
-- from the first charge to the commit without a trip through the process in between.
--
-- In order, each item's conditional debit (balance or credit limit) decides whether it is paid; a
-- refused one writes nothing. Then the paid items' ledger rows, and their own rows, one insert per
-- table for the whole batch (so a table's statement-level triggers run once, and each insert is
-- planned once). Should one of those inserts fail (a code or username already taken), the whole
-- statement fails and nothing of it is written; the process then runs each charge of the batch
-- alone, so that only the one at fault answers the error.
DROP FUNCTION IF EXISTS wallet_charge(integer, bigint, text, text, text, integer, timestamptz, integer);
--> statement-breakpoint
CREATE FUNCTION wallet_charge_batch(p_reseller integer, p_items jsonb)
RETURNS TABLE (item integer, paid boolean, out_balance bigint, out_credit_limit bigint, out_threshold bigint, out_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  it jsonb;
  n integer := -1;
  v_amount bigint;
  ledger jsonb := '[]';
  tables jsonb := '[]';
  block jsonb;
  t text;
  cols text;
  answers jsonb := '[]';
BEGIN
  FOR it IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    n := n + 1;
    out_balance := NULL; out_credit_limit := NULL; out_threshold := NULL;
    v_amount := (it->>'amount')::bigint;
    -- A free item (nothing to pay) only moves the coupon counter.
    UPDATE resellers r SET balance_cents = r.balance_cents - v_amount, updated_at = now(),
                           coupons_total = r.coupons_total + coalesce((it->>'coupons')::integer, 0)
    WHERE r.id = p_reseller AND (v_amount = 0 OR r.balance_cents - v_amount >= -r.credit_limit_cents)
    RETURNING r.balance_cents, r.credit_limit_cents, r.low_balance_threshold_cents INTO out_balance, out_credit_limit, out_threshold;
    answers := answers || jsonb_build_array(jsonb_build_array(n, FOUND, out_balance, out_credit_limit, out_threshold));
    IF FOUND THEN
      IF v_amount > 0 THEN
        ledger := ledger || jsonb_build_array(jsonb_build_object('amount_cents', -v_amount, 'balance_after_cents', out_balance,
          'kind', it->>'kind', 'reference', coalesce(it->>'reference', ''), 'description', it->>'description',
          'actor_id', it->'actor', 'created_at', it->'at'));
      END IF;
      -- [table, rows] pairs, the tables in the order they first appear (a batch before its codes).
      FOR block IN SELECT value FROM jsonb_array_elements(it->'rows') LOOP
        tables := tables || jsonb_build_array(block);
      END LOOP;
    END IF;
  END LOOP;

  INSERT INTO wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description, actor_id, created_at)
  SELECT p_reseller, l.amount_cents, l.balance_after_cents, l.kind, l.reference, l.description, l.actor_id, l.created_at
  FROM jsonb_to_recordset(ledger) AS l(amount_cents bigint, balance_after_cents bigint, kind text, reference text, description text, actor_id integer, created_at timestamptz);

  FOR t IN SELECT b->>0 FROM jsonb_array_elements(tables) WITH ORDINALITY AS x(b, o) GROUP BY b->>0 ORDER BY min(o) LOOP
    SELECT string_agg(quote_ident(k), ', ') INTO cols
    FROM jsonb_object_keys((SELECT b->1->0 FROM jsonb_array_elements(tables) AS x(b) WHERE b->>0 = t LIMIT 1)) AS k;
    EXECUTE format('INSERT INTO %I (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM jsonb_populate_recordset(NULL::%I, $1)', t, cols, cols, t)
    USING (SELECT jsonb_agg(r) FROM jsonb_array_elements(tables) AS x(b), jsonb_array_elements(b->1) AS r WHERE b->>0 = t);
  END LOOP;

  FOR it IN SELECT value FROM jsonb_array_elements(answers) LOOP
    item := (it->>0)::integer; paid := (it->>1)::boolean;
    out_balance := (it->>2)::bigint; out_credit_limit := (it->>3)::bigint; out_threshold := (it->>4)::bigint; out_at := now();
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
