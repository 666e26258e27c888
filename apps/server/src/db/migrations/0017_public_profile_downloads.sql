CREATE TABLE "badge_download" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"badge_id" text NOT NULL,
	"year" integer NOT NULL,
	"user_id" text,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_public_profile" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"slug" text,
	"published" boolean DEFAULT false NOT NULL,
	"show_score" boolean DEFAULT false NOT NULL,
	"description" text,
	"shown_certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_download" ADD CONSTRAINT "badge_download_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_download" ADD CONSTRAINT "badge_download_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_public_profile" ADD CONSTRAINT "company_public_profile_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_download_tenant_idx" ON "badge_download" USING btree ("tenant_id","downloaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_public_profile_slug_idx" ON "company_public_profile" USING btree ("slug");