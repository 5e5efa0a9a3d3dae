-- vpn_user.* events carry created_at (the user's, as the v2 get call shows it). Events written
-- before it lack the field; they are listed by the events API for 30 days and redelivered by a
-- resend, so they are given it: the account's own time, or the event's when the account is gone.
UPDATE "events" e
SET "data" = jsonb_set(e."data", '{object,created_at}', to_jsonb(to_char(v."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM "vpn_accounts" v
WHERE e."type" LIKE 'vpn_user.%'
  AND NOT (e."data"->'object' ? 'created_at')
  AND v."id" = (e."data"->'object'->>'userId')::integer;
--> statement-breakpoint
UPDATE "events" e
SET "data" = jsonb_set(e."data", '{object,created_at}', to_jsonb(to_char(e."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
WHERE e."type" LIKE 'vpn_user.%'
  AND NOT (e."data"->'object' ? 'created_at');
