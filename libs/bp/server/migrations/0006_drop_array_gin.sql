DROP INDEX "bp"."requests_current_gin";--> statement-breakpoint
DROP INDEX "bp"."requests_participants_gin";