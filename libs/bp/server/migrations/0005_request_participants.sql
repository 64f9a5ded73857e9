CREATE TABLE "bp"."request_participants" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_participants_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bp"."request_participants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bp"."request_participants" ADD CONSTRAINT "request_participants_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "bp"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_participants_list_idx" ON "bp"."request_participants" USING btree ("client_id","user_id","created_at" DESC NULLS FIRST,"request_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bp"."request_participants" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
-- Custom (hand-written): the rows of the requests that already exist, from requests.participants. The migration runs
-- as intranet_owner, which FORCE ROW LEVEL SECURITY keeps from seeing any tenant row of bp.requests (ADR 0008); as
-- the table's owner it lifts FORCE for this one statement and sets it back, inside the migration's transaction
-- (ALTER TABLE holds its ACCESS EXCLUSIVE lock until the commit: no other session sees the table without FORCE).
-- request_participants is new and not forced yet (the migration step forces it afterwards).
ALTER TABLE "bp"."requests" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO "bp"."request_participants" (client_id, user_id, request_id, created_at)
SELECT r.client_id, p.user_id, r.id, r.created_at FROM "bp"."requests" r CROSS JOIN LATERAL unnest(r.participants) AS p(user_id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "bp"."requests" FORCE ROW LEVEL SECURITY;
