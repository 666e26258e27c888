CREATE TABLE "survey" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"author_user_id" text,
	"owner_user_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"survey_preset" text NOT NULL,
	"is_lowi" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"is_anonymous" boolean DEFAULT true NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meta_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"end_date" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "survey_response_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"survey_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_on" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_response_receipt" (
	"survey_id" text NOT NULL,
	"token_hash" text NOT NULL,
	CONSTRAINT "survey_response_receipt_survey_id_token_hash_pk" PRIMARY KEY("survey_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "survey" ADD CONSTRAINT "survey_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey" ADD CONSTRAINT "survey_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey" ADD CONSTRAINT "survey_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response" ADD CONSTRAINT "survey_response_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response" ADD CONSTRAINT "survey_response_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response_receipt" ADD CONSTRAINT "survey_response_receipt_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_tenant_idx" ON "survey" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_tenant_preset_idx" ON "survey" USING btree ("tenant_id","survey_preset");--> statement-breakpoint
CREATE INDEX "survey_response_survey_seq_idx" ON "survey_response" USING btree ("survey_id","seq");