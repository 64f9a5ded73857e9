-- Custom migration: the application role may use this schema's tables; row-level security decides which rows.
GRANT USAGE ON SCHEMA "notifications" TO intranet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "notifications" TO intranet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "notifications" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO intranet_app;
