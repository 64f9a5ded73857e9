CREATE TABLE "notifications"."mailing_runs" (
	"client_id" uuid NOT NULL,
	"mailing_id" uuid NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"runner" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb,
	CONSTRAINT "mailing_runs_mailing_id_slot_pk" PRIMARY KEY("mailing_id","slot")
);
--> statement-breakpoint
ALTER TABLE "notifications"."mailing_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications"."mailings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"workspace" text NOT NULL,
	"action" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"schedule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."mailings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications"."mailing_runs" ADD CONSTRAINT "mailing_runs_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "notifications"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_action_uq" ON "notifications"."mailings" USING btree ("client_id","action");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."mailing_runs" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications"."mailings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));