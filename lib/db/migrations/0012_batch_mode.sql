CREATE TABLE "batch_notices" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_batch_items" (
	"provider_batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "provider_batch_items_provider_batch_id_item_id_pk" PRIMARY KEY("provider_batch_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "provider_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'submitting' NOT NULL,
	"provider_status" text,
	"provider_batch_id" text,
	"input_file_id" text,
	"request_count" integer NOT NULL,
	"returned_count" integer DEFAULT 0 NOT NULL,
	"submit_attempts" integer DEFAULT 0 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"poll_interval_seconds" integer DEFAULT 10 NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_notices" ADD CONSTRAINT "batch_notices_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_batch_items" ADD CONSTRAINT "provider_batch_items_provider_batch_id_provider_batches_id_fk" FOREIGN KEY ("provider_batch_id") REFERENCES "public"."provider_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_batch_items" ADD CONSTRAINT "provider_batch_items_item_id_batch_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."batch_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_batches" ADD CONSTRAINT "provider_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_batch_items_item_idx" ON "provider_batch_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_batches_batch_seq_key" ON "provider_batches" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_batches_idempotency_key" ON "provider_batches" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "provider_batches_state_idx" ON "provider_batches" USING btree ("state","next_poll_at");