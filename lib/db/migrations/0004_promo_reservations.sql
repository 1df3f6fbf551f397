CREATE TABLE "promo_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"buyer_key" text NOT NULL,
	"checkout_session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_reservations" ADD CONSTRAINT "promo_reservations_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_reservations_session_key" ON "promo_reservations" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "promo_reservations_held_idx" ON "promo_reservations" USING btree ("promo_code_id","expires_at") WHERE released_at is null and consumed_at is null;--> statement-breakpoint
CREATE INDEX "promo_reservations_buyer_idx" ON "promo_reservations" USING btree ("buyer_key");