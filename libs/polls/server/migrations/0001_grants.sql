-- Custom migration: the application role may use this schema's tables; row-level security decides which rows.
GRANT USAGE ON SCHEMA "polls" TO intranet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "polls" TO intranet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "polls" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO intranet_app;
--> statement-breakpoint
-- §6 anonymous polls, held by the database itself: an answer row of an anonymous poll carries no user and no time
-- finer than its day, whatever the application does.
CREATE OR REPLACE FUNCTION "polls".answers_anonymous_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT type FROM "polls"."polls" WHERE id = NEW.poll_id) = 'anonymous'
     AND (NEW.user_id IS NOT NULL OR NEW.answered_at IS NOT NULL) THEN
    RAISE EXCEPTION 'anonymous poll answers carry no user and no time';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS answers_anonymous_guard ON "polls"."answers";
--> statement-breakpoint
CREATE TRIGGER answers_anonymous_guard BEFORE INSERT OR UPDATE ON "polls"."answers"
  FOR EACH ROW EXECUTE FUNCTION "polls".answers_anonymous_guard();
