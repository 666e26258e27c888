ALTER TABLE "survey_response_browser" DROP CONSTRAINT "survey_response_browser_survey_id_survey_id_fk";
--> statement-breakpoint
ALTER TABLE "survey_response_network" DROP CONSTRAINT "survey_response_network_survey_id_survey_id_fk";
