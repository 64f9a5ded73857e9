-- Custom (hand-written), issue 29 §1: vacations_edit is no longer an initial right of new employees. A workspace whose
-- initial rights are still the old default (every feature right) drops it; one an administrator narrowed keeps its
-- choice. The migration runs as intranet_owner, which FORCE ROW LEVEL SECURITY keeps from seeing tenant rows
-- (ADR 0008): as the table's owner it lifts FORCE for this one statement and sets it back inside the migration's
-- transaction (as bp 0005_request_participants does).
ALTER TABLE "clients"."clients" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "clients"."clients" SET "settings" = jsonb_set("settings", '{initialRights}', ("settings"->'initialRights') - 'vacations_edit')
WHERE "settings"->'initialRights' @> '["wall","address","groups","calendar","profile_edit","knowledge_base","events_create","task_tracker","desk_add","vacancies","services","structures","no_silent","polls","ideas","kb_files","chat","shop","adaptation","vacations","vacations_edit","dark_theme","lms"]'::jsonb;
--> statement-breakpoint
ALTER TABLE "clients"."clients" FORCE ROW LEVEL SECURITY;
