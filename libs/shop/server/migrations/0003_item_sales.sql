CREATE TABLE "shop"."item_sales" (
	"client_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_sales_item_id_slot_pk" PRIMARY KEY("item_id","slot")
);
--> statement-breakpoint
ALTER TABLE "shop"."item_sales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."item_sales" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));