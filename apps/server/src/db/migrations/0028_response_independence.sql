CREATE TABLE "survey_response_browser" (
	"survey_id" text NOT NULL,
	"source_hash" text NOT NULL,
	CONSTRAINT "survey_response_browser_survey_id_source_hash_pk" PRIMARY KEY("survey_id","source_hash")
);
--> statement-breakpoint
CREATE TABLE "survey_response_network" (
	"survey_id" text NOT NULL,
	"prefix_hash" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "survey_response_network_survey_id_prefix_hash_pk" PRIMARY KEY("survey_id","prefix_hash")
);
--> statement-breakpoint
ALTER TABLE "survey_response" ADD COLUMN "counts_toward_threshold" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_response_browser" ADD CONSTRAINT "survey_response_browser_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_response_network" ADD CONSTRAINT "survey_response_network_survey_id_survey_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."survey"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_response_network_counted_idx" ON "survey_response_network" USING btree ("counted_at");