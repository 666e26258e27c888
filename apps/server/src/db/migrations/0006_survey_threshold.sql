ALTER TABLE "survey" ADD COLUMN "visibility_threshold" integer;--> statement-breakpoint
-- Published surveys keep the threshold their company has now (issue 11 item 3).
UPDATE "survey" AS s SET "visibility_threshold" = t."visibility_threshold" FROM "tenant" AS t WHERE t."id" = s."tenant_id" AND s."draft" = false;
