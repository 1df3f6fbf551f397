CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"service" text NOT NULL,
	"name" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_rows" (
	"push_id" uuid NOT NULL,
	"row_id" bigint NOT NULL,
	"ord" integer NOT NULL,
	"email" text,
	"status" text NOT NULL,
	"reason" text,
	"provider_lead_id" text,
	"lead" jsonb,
	"done_at" timestamp with time zone,
	CONSTRAINT "push_rows_push_id_ord_pk" PRIMARY KEY("push_id","ord")
);
--> statement-breakpoint
CREATE TABLE "pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"csv_id" uuid NOT NULL,
	"connection_id" uuid,
	"service" text NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"options" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pushed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"provider_skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tool_pacers" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"sent_at" double precision[] DEFAULT '{}'::double precision[] NOT NULL,
	"blocked_until" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"generator_view" text DEFAULT 'table' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_rows" ADD CONSTRAINT "push_rows_push_id_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."pushes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_csv_id_csv_files_id_fk" FOREIGN KEY ("csv_id") REFERENCES "public"."csv_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_connections_user_idx" ON "integration_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_rows_row_idx" ON "push_rows" USING btree ("row_id") WHERE status = 'pushed';--> statement-breakpoint
CREATE INDEX "pushes_csv_idx" ON "pushes" USING btree ("csv_id","created_at");--> statement-breakpoint
CREATE INDEX "pushes_campaign_idx" ON "pushes" USING btree ("csv_id","service","campaign_id");