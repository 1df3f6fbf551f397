ALTER TABLE "batches" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "lease_until" timestamp with time zone;