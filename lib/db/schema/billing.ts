import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { ts } from "./columns";

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

/** Checkout sessions of the test payments driver (Stripe keeps its own). */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  driver: text("driver", { enum: ["stripe", "test"] }).notNull(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  amountCents: integer("amount_cents").notNull(),
  promoCode: text("promo_code"),
  /** `expired`: replaced by the buyer's next checkout, or left through the cancel URL. */
  status: text("status", { enum: ["open", "paid", "expired"] })
    .notNull()
    .default("open"),
  /**
   * After this the session can no longer be paid (30 minutes, like Stripe's shortest expiry). Null for older sessions.
   */
  expiresAt: ts("expires_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * One use of a promo code held by an open discounted checkout, so concurrent checkouts cannot
 * sell more discounted purchases than `maxUses`. A reservation counts while it is neither
 * released nor consumed and `expiresAt` lies ahead; fulfilment consumes it (turns it into
 * `currentUses + 1`) exactly once.
 */
export const promoReservations = pgTable(
  "promo_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    /** `user:<id>` or `anon:<browser cookie>`: a buyer's next checkout releases their earlier ones. */
    buyerKey: text("buyer_key").notNull(),
    /** The payment provider's session, once created. */
    checkoutSessionId: text("checkout_session_id"),
    expiresAt: ts("expires_at").notNull(),
    releasedAt: ts("released_at"),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_reservations_session_key").on(t.checkoutSessionId),
    index("promo_reservations_held_idx")
      .on(t.promoCodeId, t.expiresAt)
      .where(sql`released_at is null and consumed_at is null`),
    index("promo_reservations_buyer_idx").on(t.buyerKey),
  ],
);

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
