CREATE TABLE "comment_analysis_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"analysed_seq" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "survey_response_seq_idx" ON "survey_response" USING btree ("seq");