ALTER TABLE "key_pacers" ADD COLUMN "output_token_limit" integer;--> statement-breakpoint
ALTER TABLE "key_pacers" ADD COLUMN "output_token_tat" double precision DEFAULT 0 NOT NULL;