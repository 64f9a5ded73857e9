CREATE SCHEMA "shop";
--> statement-breakpoint
CREATE TABLE "shop"."achievements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pic" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop"."achievements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop"."balances" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "balances_client_id_user_id_pk" PRIMARY KEY("client_id","user_id"),
	CONSTRAINT "balances_nonneg" CHECK ("shop"."balances"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop"."balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop"."entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"achievement_id" uuid,
	"item_id" uuid,
	"ref_id" uuid,
	"cause" text,
	"comment" text DEFAULT '' NOT NULL,
	"publish" boolean DEFAULT false NOT NULL,
	"by" uuid,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop"."entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop"."items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"start_amount" integer,
	"amount" integer,
	"rest" integer,
	"pics" text[] DEFAULT '{}'::text[] NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_rest_nonneg" CHECK ("shop"."items"."rest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop"."items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop"."members" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"birth_date" text,
	"working_since" text,
	"superadmin" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "members_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "shop"."members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop"."settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"coin_name" text DEFAULT '' NOT NULL,
	"coin_short" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'USD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic" text,
	"managers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"auto" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"years_period" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop"."settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "achievements_client_idx" ON "shop"."achievements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "balances_client_amount_idx" ON "shop"."balances" USING btree ("client_id","amount");--> statement-breakpoint
CREATE INDEX "entries_client_user_idx" ON "shop"."entries" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "entries_client_created_idx" ON "shop"."entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entries_cause_uq" ON "shop"."entries" USING btree ("client_id","cause");--> statement-breakpoint
CREATE INDEX "items_client_created_idx" ON "shop"."items" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."achievements" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."balances" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."entries" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."items" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."members" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop"."settings" AS PERMISSIVE FOR ALL TO "intranet_app" USING ((client_id = (SELECT intranet_private.current_client()))) WITH CHECK ((client_id = (SELECT intranet_private.current_client())));