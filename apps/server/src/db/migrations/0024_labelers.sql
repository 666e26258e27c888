CREATE TABLE "comment_label" (
	"labeler_user_id" text NOT NULL,
	"excerpt_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"sentiment" text,
	"emotion" text,
	"topic" text,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"labeled_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	CONSTRAINT "comment_label_labeler_user_id_excerpt_id_pk" PRIMARY KEY("labeler_user_id","excerpt_id")
);
--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "allow_labelling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "labeler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "labeled_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_label" ADD CONSTRAINT "comment_label_labeler_user_id_user_id_fk" FOREIGN KEY ("labeler_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_label" ADD CONSTRAINT "comment_label_excerpt_id_comment_excerpt_id_fk" FOREIGN KEY ("excerpt_id") REFERENCES "public"."comment_excerpt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_label" ADD CONSTRAINT "comment_label_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_label_excerpt_idx" ON "comment_label" USING btree ("excerpt_id");