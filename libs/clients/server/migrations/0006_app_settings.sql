CREATE TABLE "clients"."app_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients"."app_settings" ENABLE ROW LEVEL SECURITY;