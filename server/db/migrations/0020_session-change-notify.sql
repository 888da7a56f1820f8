-- Every change to a sign-in (its revocation on logout or reuse, its deletion with its user, a
-- TRUNCATE) is announced on the channel "session_change" with the session's id ('*' for all). A
-- process that keeps the sessions it found live (server/auth/sessions.service.ts, on PGlite) drops
-- the session on the announcement, which arrives with the commit: on PGlite before the revoking
-- query returns, so the next request with that session's access token is refused (issue 26).
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_change', '*');
  ELSE
    PERFORM pg_notify('session_change', OLD."id"::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_change_notify" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_notify" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
