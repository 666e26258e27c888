CREATE SEQUENCE "public"."billing_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"subtotal" bigint NOT NULL,
	"total" bigint NOT NULL,
	"billing_cycle" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"recorded_by" text,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"plan" text,
	"badge_id" text,
	"year" integer,
	"licence_type" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"original_price" bigint NOT NULL,
	"is_plan_included" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid,
	"items" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_order" ADD CONSTRAINT "billing_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_order_line" ADD CONSTRAINT "billing_order_line_order_id_billing_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."billing_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_order_line" ADD CONSTRAINT "billing_order_line_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_request" ADD CONSTRAINT "sales_request_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_request" ADD CONSTRAINT "sales_request_order_id_billing_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."billing_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_order_number_idx" ON "billing_order" USING btree ("number");--> statement-breakpoint
CREATE INDEX "billing_order_tenant_created_idx" ON "billing_order" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_order_line_order_idx" ON "billing_order_line" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "sales_request_tenant_idx" ON "sales_request" USING btree ("tenant_id","created_at");