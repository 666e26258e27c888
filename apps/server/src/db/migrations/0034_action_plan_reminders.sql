CREATE TABLE "action_plan_reminder" (
	"tenant_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"actions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_plan_reminder_tenant_id_user_id_day_pk" PRIMARY KEY("tenant_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "action_plan_reminder" ADD CONSTRAINT "action_plan_reminder_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_reminder" ADD CONSTRAINT "action_plan_reminder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;