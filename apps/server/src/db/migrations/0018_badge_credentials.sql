ALTER TABLE "issued_badge" ADD COLUMN "credential_status_index" integer;--> statement-breakpoint
ALTER TABLE "issued_badge" ADD COLUMN "credential" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_badge_credential_status_index_idx" ON "issued_badge" USING btree ("credential_status_index");