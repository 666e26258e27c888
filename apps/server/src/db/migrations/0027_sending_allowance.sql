CREATE TABLE "sending_allowance_grant" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"daily_limit" integer NOT NULL,
	"reason" text NOT NULL,
	"granted_by_user_id" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_allowance_use" (
	"tenant_id" uuid NOT NULL,
	"day" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sending_allowance_use_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
ALTER TABLE "sending_allowance_grant" ADD CONSTRAINT "sending_allowance_grant_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_allowance_use" ADD CONSTRAINT "sending_allowance_use_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;