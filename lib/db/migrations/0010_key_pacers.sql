CREATE TABLE "key_pacers" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"request_limit" integer,
	"token_limit" integer,
	"request_tat" double precision DEFAULT 0 NOT NULL,
	"token_tat" double precision DEFAULT 0 NOT NULL,
	"paused_until" double precision DEFAULT 0 NOT NULL,
	"last_start" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
