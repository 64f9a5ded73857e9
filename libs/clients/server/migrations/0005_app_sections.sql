CREATE TABLE "clients"."app_sections" (
	"code" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients"."app_sections" ENABLE ROW LEVEL SECURITY;
