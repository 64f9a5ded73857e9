-- Earlier builds let one person respond twice: keep each person's first response before the index forbids more.
DELETE FROM "kb"."vacancy_responses" r USING "kb"."vacancy_responses" o
  WHERE r."article_id" = o."article_id" AND r."user_id" = o."user_id" AND (r."created_at", r."id") > (o."created_at", o."id");--> statement-breakpoint
CREATE UNIQUE INDEX "vacancy_responses_article_user_uq" ON "kb"."vacancy_responses" USING btree ("article_id","user_id");
