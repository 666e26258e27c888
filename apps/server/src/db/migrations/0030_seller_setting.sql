CREATE TABLE "seller_setting" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"address" text,
	"tax_id" text,
	"remittance" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
