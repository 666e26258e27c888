CREATE TABLE "comment_label_correction" (
	"comment_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"original_sentiment" text NOT NULL,
	"original_emotion" text NOT NULL,
	"original_topic" text NOT NULL,
	"original_analyzer" text NOT NULL,
	"corrected_by" text,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_label_correction" ADD CONSTRAINT "comment_label_correction_comment_id_comment_excerpt_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment_excerpt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_label_correction" ADD CONSTRAINT "comment_label_correction_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_label_correction" ADD CONSTRAINT "comment_label_correction_corrected_by_user_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_label_correction_tenant_idx" ON "comment_label_correction" USING btree ("tenant_id");