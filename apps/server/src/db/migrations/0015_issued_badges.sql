CREATE TABLE "issued_badge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"badge_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"licence_type" text NOT NULL,
	"order_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "issued_badge" ADD CONSTRAINT "issued_badge_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_badge" ADD CONSTRAINT "issued_badge_order_id_billing_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."billing_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_badge_tenant_badge_idx" ON "issued_badge" USING btree ("tenant_id","badge_id");--> statement-breakpoint
CREATE INDEX "issued_badge_tenant_issued_idx" ON "issued_badge" USING btree ("tenant_id","issued_at");