CREATE TABLE "invitee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"survey_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_date" timestamp with time zone,
	"first_email" timestamp with time zone,
	"most_recent_email" timestamp with time zone,
	"send_status" text DEFAULT 'Pending' NOT NULL,
	"replied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitee" ADD CONSTRAINT "invitee_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitee" ADD CONSTRAINT "invitee_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitee_survey_email_unique" ON "invitee" USING btree ("survey_id","email");--> statement-breakpoint
CREATE INDEX "invitee_tenant_idx" ON "invitee" USING btree ("tenant_id");