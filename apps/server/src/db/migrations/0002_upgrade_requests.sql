CREATE TABLE "upgrade_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_requested" text NOT NULL,
	"date_requested" timestamp with time zone DEFAULT now() NOT NULL,
	"has_been_addressed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upgrade_request" ADD CONSTRAINT "upgrade_request_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_request" ADD CONSTRAINT "upgrade_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_request_tenant_idx" ON "upgrade_request" USING btree ("tenant_id","date_requested");