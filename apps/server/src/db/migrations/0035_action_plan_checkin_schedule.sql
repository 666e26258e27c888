ALTER TABLE "action_plan_checkin" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "ask_comparison" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "scheduled_by" text;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "invited_count" integer;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "invite_error" text;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD COLUMN "closed_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_plan_checkin" ADD CONSTRAINT "action_plan_checkin_scheduled_by_user_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;