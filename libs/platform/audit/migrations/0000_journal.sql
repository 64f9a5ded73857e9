-- Audit journal (issue 18 §2): administrative actions, written in the transaction of the change they describe,
-- append-only. One row per action: who (actor id and name as known at the time), when, client, section, action,
-- object (type, id, title), a small before/after summary. Rows of anonymous sections carry no identity.
CREATE SCHEMA IF NOT EXISTS "audit";
--> statement-breakpoint
CREATE TABLE "audit"."journal" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"section" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"object_title" text,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "journal_section_code" CHECK ("section" ~ '^[a-z][a-z0-9_]{0,39}$'),
	CONSTRAINT "journal_action_code" CHECK ("action" ~ '^[a-z][a-z0-9_.]{0,79}$'),
	CONSTRAINT "journal_texts" CHECK (coalesce(length("actor_name"), 0) <= 300 AND coalesce(length("object_type"), 0) <= 40
		AND coalesce(length("object_id"), 0) <= 100 AND coalesce(length("object_title"), 0) <= 300),
	CONSTRAINT "journal_summary_size" CHECK (coalesce(octet_length("before"::text), 0) + coalesce(octet_length("after"::text), 0) <= 16384),
	-- Anonymous features (§1 Don't be silent, anonymous polls): no actor, no title, no summary.
	CONSTRAINT "journal_anonymous" CHECK ("section" NOT IN ('violations', 'anonymous_polls')
		OR ("actor_id" IS NULL AND "actor_name" IS NULL AND "object_title" IS NULL AND "before" IS NULL AND "after" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "journal_client_at" ON "audit"."journal" ("client_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "journal_client_section_at" ON "audit"."journal" ("client_id", "section", "at" DESC, "id" DESC);
--> statement-breakpoint
ALTER TABLE "audit"."journal" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The tenant policy of every table (TENANT_CONDITION of @intranet/platform-db); FORCE is set by the migration step.
CREATE POLICY "tenant_isolation" ON "audit"."journal" AS PERMISSIVE FOR ALL TO intranet_app
  USING (client_id = (SELECT intranet_private.current_client()))
  WITH CHECK (client_id = (SELECT intranet_private.current_client()));
--> statement-breakpoint
GRANT USAGE ON SCHEMA "audit" TO intranet_app;
--> statement-breakpoint
-- Append-only: the runtime (and the system context, a member of it) may read and add, never change or remove.
-- The owner's default privileges grant every DML to the runtime: take UPDATE, DELETE and TRUNCATE back.
REVOKE ALL ON "audit"."journal" FROM intranet_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "audit"."journal" TO intranet_app;
--> statement-breakpoint
-- Whoever else holds a grant (the definer role gets DML on every domain table): a row once written stays.
CREATE FUNCTION "audit"."refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'audit.journal is append-only' USING ERRCODE = 'insufficient_privilege';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "journal_append_only" BEFORE UPDATE OR DELETE ON "audit"."journal" FOR EACH ROW EXECUTE FUNCTION "audit"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "journal_no_truncate" BEFORE TRUNCATE ON "audit"."journal" FOR EACH STATEMENT EXECUTE FUNCTION "audit"."refuse_change"();
