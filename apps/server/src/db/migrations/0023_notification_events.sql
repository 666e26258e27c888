ALTER TABLE "notification" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_user_event_unique" ON "notification" USING btree ("user_id","event_key");