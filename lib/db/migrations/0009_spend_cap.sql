ALTER TABLE "ai_configs" ADD COLUMN "max_cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "max_cost_usd" double precision;