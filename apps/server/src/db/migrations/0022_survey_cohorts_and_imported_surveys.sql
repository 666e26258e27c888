ALTER TABLE "survey" ADD COLUMN "invitee_cohorts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "survey" ADD COLUMN "source" text DEFAULT 'survey' NOT NULL;--> statement-breakpoint
ALTER TABLE "data_import" ADD COLUMN "survey_id" text;--> statement-breakpoint
ALTER TABLE "data_import" ADD CONSTRAINT "data_import_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "survey" SET "invitee_cohorts" = "found"."cohorts" FROM (
  SELECT "survey_id", jsonb_object_agg("key", "values") AS "cohorts" FROM (
    SELECT "invitee"."survey_id", "field"."key", jsonb_agg(DISTINCT "field"."value") AS "values"
    FROM "invitee", jsonb_each_text("invitee"."meta") AS "field"
    WHERE "field"."value" <> ''
    GROUP BY "invitee"."survey_id", "field"."key"
  ) AS "by_key" GROUP BY "survey_id"
) AS "found" WHERE "found"."survey_id" = "survey"."id";
