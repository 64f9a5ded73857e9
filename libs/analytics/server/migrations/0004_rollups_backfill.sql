-- Custom migration: the daily rollups of 0003 filled from the visits and sessions stored before them (the same SQL as
-- AnalyticsRepository.rebuildRollups, over every client).
INSERT INTO "analytics"."module_day_users" (client_id, day, module_name, user_id)
SELECT DISTINCT client_id, (at AT TIME ZONE 'UTC')::date, module_name, user_id FROM "analytics"."module_visits";
--> statement-breakpoint
INSERT INTO "analytics"."module_days" (client_id, day, module_name, visits, visitors)
SELECT client_id, (at AT TIME ZONE 'UTC')::date, module_name, count(*), count(DISTINCT user_id) FROM "analytics"."module_visits" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "analytics"."session_day_users" (client_id, day, user_id)
SELECT DISTINCT client_id, (started_at AT TIME ZONE 'UTC')::date, user_id FROM "analytics"."sessions";
--> statement-breakpoint
INSERT INTO "analytics"."session_days" (client_id, day, sessions, minutes, users)
SELECT client_id, (started_at AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(extract(epoch FROM ended_at - started_at)) / 60, 0), count(DISTINCT user_id)
FROM "analytics"."sessions" GROUP BY 1, 2;
