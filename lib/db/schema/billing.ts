import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    maxUses: integer("max_uses").notNull(),
    currentUses: integer("current_uses").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isInfluencerCode: boolean("is_influencer_code").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("promo_codes_code_key").on(t.code), index("promo_codes_active_idx").on(t.isActive, t.expiresAt)],
);

/** Checkout sessions created by either payments driver (Stripe's id or the test driver's). */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  driver: text("driver", { enum: ["stripe", "test"] }).notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  amountCents: integer("amount_cents").notNull(),
  promoCode: text("promo_code"),
  status: text("status", { enum: ["open", "paid"] }).notNull().default("open"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Idempotency: one payment per checkout session. */
    checkoutSessionId: text("checkout_session_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    promoCode: text("promo_code"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payments_session_key").on(t.checkoutSessionId), index("payments_created_idx").on(t.createdAt)],
);

export const licenseKeys = pgTable(
  "license_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** Null until activated (an anonymous purchase). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    activatedAt: ts("activated_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("license_keys_key_key").on(t.key), uniqueIndex("license_keys_payment_key").on(t.paymentId)],
);
