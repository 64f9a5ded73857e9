-- Custom (hand-written), issue 29 §1: vacations_edit ("Editing vacations", §6) is no longer an initial right, so an
-- employee no longer approves or deletes a colleague's vacation by default. Employees who still hold the whole old
-- default set (every feature right: their rights were never narrowed) lose vacations_edit; an administrator gives it
-- back to whoever manages vacations (README "Upgrading"). Direct chiefs approve their people's requests without it.
-- The migration runs as intranet_owner, which FORCE ROW LEVEL SECURITY keeps from seeing tenant rows (ADR 0008): as
-- the table's owner it lifts FORCE for this one statement and sets it back inside the migration's transaction (as
-- bp 0005_request_participants does).
ALTER TABLE "people"."users" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "people"."users" SET "roles" = array_remove("roles", 'vacations_edit')
WHERE "roles" @> ARRAY['wall','address','groups','calendar','profile_edit','knowledge_base','events_create','task_tracker','desk_add','vacancies','services','structures','no_silent','polls','ideas','kb_files','chat','shop','adaptation','vacations','vacations_edit','dark_theme','lms'];
--> statement-breakpoint
ALTER TABLE "people"."users" FORCE ROW LEVEL SECURITY;
