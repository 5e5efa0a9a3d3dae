-- Wallet: the one rule for moving money, the grouped charge built on it, and the ledger's
-- append-only guard.
--
-- wallet_move(reseller, moves): the only writer of a wallet's balance and ledger. Locks the
--   reseller's row, decides each movement in turn (a credit always passes; a debit passes while the
--   balance, or on a postpaid account the credit limit, covers it, and only while the two price
--   versions it names are current), moves the balance and coupons_total once, and appends one
--   ledger row per movement that passed. A debit naming a person (a member spending) also passes only
--   while that member's daily limit (memberships.daily_limit_cents, per UTC day of the movement)
--   covers it with what they debited that day: member_spending's running total, read and moved under
--   the same row lock, so concurrent charges by one member can never pass it, and the check costs one
--   row whatever the day's count of charges. Answers per movement whether it moved, the wallet after
--   it (or, when refused, as it stood) and whether it was stale. Called by modules/wallet/service.ts
--   (debit and credit, a batch of one, in the caller's transaction) and by wallet_charge_batch.
-- wallet_charge_batch(reseller, items): charges a batch of purchases of one reseller in one call,
--   through wallet_move, writing each paid item's rows (coupons, VPN accounts, events, mail);
--   answers wallet_move's answer for each item (paid, refused for want of funds, or stale: its
--   prices were read before a price change) and the time its transaction began. Called by
--   modules/wallet/group-commit.ts, which gathers the charges of one reseller arriving together
--   (coupon generation, VPN creation).
-- wallet_batch_rows(items, answers): the insert step of wallet_charge_batch: inserts the items'
--   rows table by table (all of them, or only the paid items' when answers is given). Called only
--   by wallet_charge_batch.
-- wallet_ledger_append_only(): refuses UPDATE, DELETE and TRUNCATE on wallet_ledger (triggers
--   wallet_ledger_no_update, wallet_ledger_no_truncate); corrections are new rows. Called by
--   PostgreSQL on any such statement, from anywhere.
--
-- Applied at every start after the migrations (db/code.ts). The database's current definitions:
-- change them here, never in a migration (docs/architecture.md, "Database code").

CREATE OR REPLACE FUNCTION public.wallet_move(p_reseller integer, p_moves jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  mv jsonb;
  n integer := -1;
  v_amount bigint;
  v_balance bigint;
  v_limit bigint;
  v_threshold bigint;
  v_prices integer;
  v_catalogue bigint;
  v_coupons integer := 0;
  v_moved boolean := false;
  answers jsonb := '[]';
  v_person integer;
  v_day jsonb;
  v_key text;
  days jsonb := '{}';
BEGIN
  SELECT r.balance_cents, r.credit_limit_cents, r.low_balance_threshold_cents, r.prices_version INTO v_balance, v_limit, v_threshold, v_prices
  FROM resellers r WHERE r.id = p_reseller FOR NO KEY UPDATE;
  SELECT c.version INTO v_catalogue FROM catalogue_version c;
  FOR mv IN SELECT value FROM jsonb_array_elements(p_moves) LOOP
    n := n + 1;
    -- Signed as the ledger records it: below zero takes money out. (Named apart from the positive
    -- 'amount' the charges carried before, so that no such charge is ever read as a credit.)
    v_amount := (mv->>'cents')::bigint;
    IF v_amount IS NULL THEN
      RAISE EXCEPTION 'a wallet movement without cents';
    END IF;
    v_person := (mv->>'person')::integer;
    v_day := NULL;
    v_key := NULL;
    IF v_person IS NOT NULL AND v_amount < 0 AND v_balance IS NOT NULL THEN
      -- The person's limit (null: none) and what they spent that UTC day, read once per call and kept
      -- as it moves: [limit, spent, spent by this call].
      v_key := v_person::text || '/' || ((mv->>'at')::timestamptz AT TIME ZONE 'UTC')::date::text;
      IF NOT days ? v_key THEN
        days := days || jsonb_build_object(v_key, jsonb_build_array(
          (SELECT m.daily_limit_cents FROM memberships m WHERE m.reseller_id = p_reseller AND m.person_id = v_person),
          coalesce((SELECT s.spent_cents FROM member_spending s
                    WHERE s.reseller_id = p_reseller AND s.person_id = v_person AND s.day = split_part(v_key, '/', 2)::date), 0),
          0));
      END IF;
      v_day := days->v_key;
    END IF;
    IF v_balance IS NULL THEN
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, NULL, NULL, NULL, false));
    ELSIF v_day IS NOT NULL AND jsonb_typeof(v_day->0) = 'number' AND (v_day->>1)::bigint - v_amount > (v_day->>0)::bigint THEN
      -- Over the member's daily limit: refused, with the limit and the day's spending for its message.
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, v_balance, v_limit, v_threshold, false, jsonb_build_array(v_day->0, v_day->1)));
    ELSIF jsonb_typeof(mv->'prices') = 'array'
          AND ((mv->'prices'->>0)::bigint IS DISTINCT FROM v_catalogue OR (mv->'prices'->>1)::integer IS DISTINCT FROM v_prices) THEN
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, NULL, NULL, NULL, true));
    ELSIF v_amount >= 0 OR v_balance + v_amount >= -v_limit THEN
      -- A free item (nothing to pay) only moves the coupon counter, and writes no ledger row.
      v_balance := v_balance + v_amount;
      v_coupons := v_coupons + coalesce((mv->>'coupons')::integer, 0);
      IF v_key IS NOT NULL THEN
        days := jsonb_set(days, ARRAY[v_key], jsonb_build_array(v_day->0, (v_day->>1)::bigint - v_amount, (v_day->>2)::bigint - v_amount));
      END IF;
      v_moved := true;
      answers := answers || jsonb_build_array(jsonb_build_array(n, true, v_balance, v_limit, v_threshold, false));
    ELSE
      -- Refused: the wallet as it stood, which the refusal's message quotes.
      answers := answers || jsonb_build_array(jsonb_build_array(n, false, v_balance, v_limit, v_threshold, false));
    END IF;
  END LOOP;
  IF v_moved THEN
    UPDATE resellers r SET balance_cents = v_balance, coupons_total = r.coupons_total + v_coupons, updated_at = now() WHERE r.id = p_reseller;
    INSERT INTO wallet_ledger (reseller_id, amount_cents, balance_after_cents, kind, reference, description, actor_id, payment_id, person_id, created_at)
    SELECT p_reseller, (i.m->>'cents')::bigint, (x.a->>2)::bigint, i.m->>'kind', coalesce(i.m->>'reference', ''), i.m->>'description',
           (i.m->>'actor')::integer, (i.m->>'payment')::bigint, (i.m->>'person')::integer, (i.m->>'at')::timestamptz
    FROM jsonb_array_elements(p_moves) WITH ORDINALITY AS i(m, o) JOIN jsonb_array_elements(answers) WITH ORDINALITY AS x(a, o) USING (o)
    WHERE (x.a->>1)::boolean AND (i.m->>'cents')::bigint <> 0
    ORDER BY o;
    -- Each person's running total for the day moves by what this call debited them.
    INSERT INTO member_spending AS s (reseller_id, person_id, day, spent_cents)
    SELECT p_reseller, split_part(d.key, '/', 1)::integer, split_part(d.key, '/', 2)::date, (d.value->>2)::bigint
    FROM jsonb_each(days) AS d WHERE (d.value->>2)::bigint > 0
    ON CONFLICT (reseller_id, person_id, day) DO UPDATE SET spent_cents = s.spent_cents + excluded.spent_cents;
  END IF;
  RETURN answers;
END $function$;

CREATE OR REPLACE FUNCTION public.wallet_charge_batch(p_reseller integer, p_items jsonb, OUT answers jsonb, OUT at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  BEGIN
    PERFORM wallet_batch_rows(p_items, NULL);
    answers := wallet_move(p_reseller, p_items);
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(answers) AS x(a) WHERE NOT (a->>1)::boolean) THEN
      RAISE EXCEPTION 'a charge of the batch was refused' USING ERRCODE = 'PP409';
    END IF;
  EXCEPTION WHEN SQLSTATE 'PP409' THEN
    -- Nothing of the batch stands (rows, balance, ledger): the paid items again, alone.
    answers := wallet_move(p_reseller, p_items);
    PERFORM wallet_batch_rows(p_items, answers);
  END;
  -- When the transaction began: the now() of the rows it wrote.
  at := now();
END $function$;

CREATE OR REPLACE FUNCTION public.wallet_batch_rows(p_items jsonb, p_answers jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.wallet_ledger_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only (% refused)', TG_OP;
END;
$function$;

CREATE OR REPLACE TRIGGER wallet_ledger_no_update BEFORE DELETE OR UPDATE ON public.wallet_ledger FOR EACH ROW EXECUTE FUNCTION wallet_ledger_append_only();

CREATE OR REPLACE TRIGGER wallet_ledger_no_truncate BEFORE TRUNCATE ON public.wallet_ledger FOR EACH STATEMENT EXECUTE FUNCTION wallet_ledger_append_only();
