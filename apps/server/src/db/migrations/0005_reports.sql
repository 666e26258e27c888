CREATE TABLE "assigned_cohort" (
	"tenant_id" uuid NOT NULL,
	"survey_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"cohorts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assigned_cohort_tenant_id_survey_id_email_pk" PRIMARY KEY("tenant_id","survey_id","email")
);
--> statement-breakpoint
CREATE TABLE "benchmark_recomputed" (
	"company_size" text NOT NULL,
	"year" integer NOT NULL,
	"companies" integer NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benchmark_recomputed_company_size_year_pk" PRIMARY KEY("company_size","year")
);
--> statement-breakpoint
CREATE TABLE "comment_excerpt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"survey_id" text NOT NULL,
	"response_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"text" text NOT NULL,
	"sentiment" text NOT NULL,
	"emotion" text NOT NULL,
	"topic" text DEFAULT 'General' NOT NULL,
	"direction" text,
	"recommend_tag" text,
	"analyzer" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_aggregate" (
	"survey_id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"folded_seq" integer NOT NULL,
	"responses" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "selected_filters" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_cohort" ADD CONSTRAINT "assigned_cohort_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_cohort" ADD CONSTRAINT "assigned_cohort_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_cohort" ADD CONSTRAINT "assigned_cohort_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_excerpt" ADD CONSTRAINT "comment_excerpt_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_excerpt" ADD CONSTRAINT "comment_excerpt_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_excerpt" ADD CONSTRAINT "comment_excerpt_response_id_survey_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_response"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_aggregate" ADD CONSTRAINT "survey_aggregate_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_aggregate" ADD CONSTRAINT "survey_aggregate_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_excerpt_response_question_unique" ON "comment_excerpt" USING btree ("response_id","question_key");--> statement-breakpoint
CREATE INDEX "comment_excerpt_survey_idx" ON "comment_excerpt" USING btree ("tenant_id","survey_id");