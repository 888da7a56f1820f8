-- A code's send limits, checked and the code stored in one statement (issue 26): one round trip
-- instead of a transaction's five (BEGIN, the locks, the reads, the insert with the day's counter,
-- COMMIT). The service passes the policy's numbers and the instant; the rules are here, once.
--
-- The locks are taken first, the address's before the phone's (always that order, so two sends
-- never wait on each other in a circle), and held until the statement's implicit transaction ends.
-- A plpgsql function is volatile: in READ COMMITTED each statement in it takes a new snapshot, so
-- the reads after the locks see every send committed while this one waited for them (a single
-- SQL statement would read from a snapshot taken before it waited).
--
-- Its statements are planned once per connection (plan_cache_mode below), not with each call's
-- values as the pool's connections plan everything else: each is a lookup by an index's leading
-- key or an insert, whose plan no value can make wrong, and their planning was most of the
-- function's cost.
--
-- Answers the refusal ('otp_resend_too_soon', 'otp_send_limit', 'otp_daily_limit') and the instant
-- a send may succeed again, or two nulls when the code was stored and counted.
CREATE FUNCTION "send_otp_code"(
  "p_id" uuid,
  "p_phone_number" text,
  "p_process" text,
  "p_lead_id" uuid,
  "p_code_hash" text,
  "p_ip" text,
  "p_now" timestamptz,
  "p_expires_at" timestamptz,
  "p_resend_interval_ms" integer,
  "p_phone_max" integer,
  "p_phone_window_ms" integer,
  "p_ip_max" integer,
  "p_ip_window_ms" integer,
  "p_daily_limit" integer,
  OUT "refusal" text,
  OUT "retry_at" timestamptz
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  "phone_window" interval := "p_phone_window_ms" * interval '1 millisecond';
  "ip_window" interval := "p_ip_window_ms" * interval '1 millisecond';
  "utc_day" date := ("p_now" AT TIME ZONE 'UTC')::date;
  "phone_times" timestamptz[];
  "ip_times" timestamptz[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('otp-send-ip:' || "p_ip", 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('otp-send-phone:' || "p_phone_number", 0));

  -- The newest sends to the phone and from the address, newest first, at most their limits.
  SELECT coalesce(array_agg("created_at" ORDER BY "created_at" DESC), '{}') INTO "phone_times"
  FROM (SELECT "created_at" FROM "otp_sessions"
        WHERE "phone_number" = "p_phone_number" AND "created_at" > "p_now" - "phone_window"
        ORDER BY "created_at" DESC LIMIT "p_phone_max") AS "newest";
  SELECT coalesce(array_agg("created_at" ORDER BY "created_at" DESC), '{}') INTO "ip_times"
  FROM (SELECT "created_at" FROM "otp_sessions"
        WHERE "ip" = "p_ip" AND "created_at" > "p_now" - "ip_window"
        ORDER BY "created_at" DESC LIMIT "p_ip_max") AS "newest";

  IF "phone_times"[1] IS NOT NULL
     AND "p_now" - "phone_times"[1] < "p_resend_interval_ms" * interval '1 millisecond' THEN
    "refusal" := 'otp_resend_too_soon';
    "retry_at" := "phone_times"[1] + "p_resend_interval_ms" * interval '1 millisecond';
    RETURN;
  END IF;
  -- The max-th newest send is the one whose ageing out frees a place.
  IF "phone_times"["p_phone_max"] IS NOT NULL THEN
    "refusal" := 'otp_send_limit';
    "retry_at" := "phone_times"["p_phone_max"] + "phone_window";
    RETURN;
  END IF;
  IF "ip_times"["p_ip_max"] IS NOT NULL THEN
    "refusal" := 'otp_send_limit';
    "retry_at" := "ip_times"["p_ip_max"] + "ip_window";
    RETURN;
  END IF;

  -- The day's count goes up only while under the limit (the row stays locked to the commit, which
  -- is this statement's end), so concurrent sends on any server never send more than the limit.
  INSERT INTO "sms_daily_sends" ("day", "sent") VALUES ("utc_day", 1)
  ON CONFLICT ("day") DO UPDATE SET "sent" = "sms_daily_sends"."sent" + 1
    WHERE "sms_daily_sends"."sent" < "p_daily_limit";
  IF NOT FOUND THEN
    "refusal" := 'otp_daily_limit';
    "retry_at" := ("utc_day" + 1)::timestamp AT TIME ZONE 'UTC';
    RETURN;
  END IF;

  INSERT INTO "otp_sessions" ("id", "phone_number", "process", "lead_id", "code_hash", "created_at", "expires_at", "ip")
  VALUES ("p_id", "p_phone_number", "p_process", "p_lead_id", "p_code_hash", "p_now", "p_expires_at", "p_ip");
END;
$$;
