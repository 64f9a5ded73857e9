-- drizzle-kit wrote the new primary key before the column it names: the column first.
ALTER TABLE "analytics"."module_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics"."module_days" DROP CONSTRAINT "module_days_client_id_day_module_name_pk";--> statement-breakpoint
ALTER TABLE "analytics"."module_days" ADD CONSTRAINT "module_days_client_id_day_module_name_slot_pk" PRIMARY KEY("client_id","day","module_name","slot");
