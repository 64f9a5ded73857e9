-- Custom migration: the application role may use this schema's tables; row-level security decides which rows.
GRANT USAGE ON SCHEMA "adaptation" TO intranet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "adaptation" TO intranet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "adaptation" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO intranet_app;
