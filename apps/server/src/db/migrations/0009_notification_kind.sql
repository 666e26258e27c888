ALTER TABLE "notification" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "notification" SET "kind" = 'complete-profile' WHERE "link" = '/dashboard/profile';
