CREATE TABLE "preview_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"csv_file_id" uuid NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kept_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_configs" ADD COLUMN "quality_rules" jsonb;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "quality_rules" jsonb;--> statement-breakpoint
ALTER TABLE "csv_rows" ADD COLUMN "quality_flags" jsonb;--> statement-breakpoint
ALTER TABLE "csv_rows" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "preview_runs" ADD CONSTRAINT "preview_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_runs" ADD CONSTRAINT "preview_runs_csv_file_id_csv_files_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_runs_user_idx" ON "preview_runs" USING btree ("user_id","created_at");