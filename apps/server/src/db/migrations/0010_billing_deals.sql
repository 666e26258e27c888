CREATE TABLE "deal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"deal_id" text,
	"plan" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"activated_date" timestamp with time zone,
	"expiry_date" timestamp with time zone,
	"force_activate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ADD CONSTRAINT "deal_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_tenant_id_idx" ON "deal" USING btree ("tenant_id");--> statement-breakpoint
-- Data step (decision 0027): every company on a paid plan gets one forced, active deal for that plan, activated now,
-- with no expiry, so no company loses its plan when the checks start reading the effective plan.
INSERT INTO "deal" ("tenant_id", "deal_id", "plan", "is_active", "activated_date", "expiry_date", "force_activate")
SELECT "id", NULL, "plan", true, now(), NULL, true FROM "tenant" WHERE "plan" <> 'Free';
