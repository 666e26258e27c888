CREATE TABLE "custom_data_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"requester_user_id" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"survey_id" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"operator_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_data_request_status_check" CHECK ("custom_data_request"."status" in ('submitted', 'in_progress', 'delivered', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "custom_data_request" ADD CONSTRAINT "custom_data_request_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_data_request" ADD CONSTRAINT "custom_data_request_requester_user_id_user_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_data_request" ADD CONSTRAINT "custom_data_request_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_data_request_tenant_idx" ON "custom_data_request" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_data_request_status_idx" ON "custom_data_request" USING btree ("status","created_at");