CREATE TABLE "action_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"focus_key" text NOT NULL,
	"focus_label" text NOT NULL,
	"owner_user_id" text,
	"scope_cohort_key" text,
	"scope_cohort_value" text,
	"target" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'custom' NOT NULL,
	"baseline_survey_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_plan_tenant_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "action_plan_status_check" CHECK ("action_plan"."status" in ('active', 'completed', 'archived')),
	CONSTRAINT "action_plan_source_check" CHECK ("action_plan"."source" in ('suggested', 'custom')),
	CONSTRAINT "action_plan_dates_check" CHECK ("action_plan"."end_date" >= "action_plan"."start_date"),
	CONSTRAINT "action_plan_scope_check" CHECK (("action_plan"."scope_cohort_key" is null) = ("action_plan"."scope_cohort_value" is null))
);
--> statement-breakpoint
CREATE TABLE "action_plan_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"title" text NOT NULL,
	"owner_user_id" text,
	"due_date" date,
	"status" text DEFAULT 'not_started' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_plan_action_status_check" CHECK ("action_plan_action"."status" in ('not_started', 'in_progress', 'done', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "action_plan_checkin" (
	"tenant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"survey_id" text,
	"draft" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_plan_checkin_tenant_id_plan_id_slot_pk" PRIMARY KEY("tenant_id","plan_id","slot"),
	CONSTRAINT "action_plan_checkin_slot_check" CHECK ("action_plan_checkin"."slot" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "action_plan" ADD CONSTRAINT "action_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan" ADD CONSTRAINT "action_plan_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan" ADD CONSTRAINT "action_plan_baseline_survey_id_survey_id_fk" FOREIGN KEY ("baseline_survey_id") REFERENCES "public"."survey"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan" ADD CONSTRAINT "action_plan_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_action" ADD CONSTRAINT "action_plan_action_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_action" ADD CONSTRAINT "action_plan_action_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_action" ADD CONSTRAINT "action_plan_action_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."action_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD CONSTRAINT "action_plan_checkin_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD CONSTRAINT "action_plan_checkin_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD CONSTRAINT "action_plan_checkin_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."action_plan"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_plan_tenant_status_idx" ON "action_plan" USING btree ("tenant_id","status","end_date");--> statement-breakpoint
CREATE INDEX "action_plan_tenant_owner_idx" ON "action_plan" USING btree ("tenant_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "action_plan_action_plan_idx" ON "action_plan_action" USING btree ("tenant_id","plan_id","position");--> statement-breakpoint
CREATE INDEX "action_plan_action_owner_idx" ON "action_plan_action" USING btree ("tenant_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "action_plan_checkin_survey_idx" ON "action_plan_checkin" USING btree ("tenant_id","survey_id");