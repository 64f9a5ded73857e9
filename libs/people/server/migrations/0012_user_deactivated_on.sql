ALTER TABLE "people"."users" ADD COLUMN "deactivated_on" date;--> statement-breakpoint
-- Users deleted before the column existed: the day of their last change, the closest record of their deletion.
UPDATE "people"."users" SET "deactivated_on" = ("updated_at" AT TIME ZONE 'UTC')::date WHERE "deletion_mark";
