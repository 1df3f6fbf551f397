ALTER TABLE "csv_files" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_files" ADD COLUMN "rows_replaced_at" timestamp with time zone;