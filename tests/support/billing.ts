import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as checkoutPOST } from "@/app/api/pricing/checkout/route";
import { POST as validatePromoPOST } from "@/app/api/pricing/validate-promo/route";
import { POST as verifyLicensePOST } from "@/app/api/pricing/verify-license/route";
import { GET as verifyPaymentGET } from "@/app/api/pricing/verify-payment/[sessionId]/route";
import { POST as webhookPOST } from "@/app/api/stripe/webhook/route";
import { db } from "@/lib/db";
import { checkoutSessions, licenseKeys, payments, promoCodes } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe-api";
import { callRoute } from "./http";

export const DAY = 24 * 60 * 60 * 1000;
type Headers = Record<string, string> | undefined;

/** A code nobody else uses (with DATABASE_URL every file shares one database). */
export const uniqueCode = (prefix = "PROMO") => `${prefix}${randomBytes(4).toString("hex").toUpperCase()}`;

/** A promo code row written directly (any state: inactive, expired, used up). */
export async function insertPromo(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: uniqueCode(),
      discountPercentage: 20,
      maxUses: 100,
      expiresAt: new Date(Date.now() + 30 * DAY),
      ...values,
    })
    .returning();
  return row!;
}

export async function promoRow(code: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row!;
}

export const validatePromo = (code: unknown) =>
  callRoute(validatePromoPOST, { method: "POST", url: "/api/pricing/validate-promo", body: { code } });
export const checkout = (body: unknown, headers?: Headers) =>
  callRoute(checkoutPOST, { method: "POST", url: "/api/pricing/checkout", body, headers });
export const verifyPayment = (sessionId: string, headers?: Headers) =>
  callRoute(verifyPaymentGET, {
    url: `/api/pricing/verify-payment/${encodeURIComponent(sessionId)}`,
    params: { sessionId },
    headers,
  });
export const verifyLicense = (licenseKey: unknown, headers?: Headers) =>
  callRoute(verifyLicensePOST, { method: "POST", url: "/api/pricing/verify-license", body: { licenseKey }, headers });
export const me = (headers: Headers) => callRoute(meGET, { url: "/api/auth/me", headers });
export const postWebhook = (payload: string, signature?: string) =>
  callRoute(webhookPOST, {
    method: "POST",
    url: "/api/stripe/webhook",
    body: payload,
    headers: signature ? { "stripe-signature": signature } : {},
  });

/** The session id at the end of a test checkout url (`…/dev/checkout/<id>`). */
export function sessionIdOf(url: string): string {
  return new URL(url).pathname.split("/").pop()!;
}

export async function paymentsOf(sessionId: string) {
  return db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
}

export async function keysOfSession(sessionId: string) {
  return db
    .select({ key: licenseKeys.key, userId: licenseKeys.userId, activatedAt: licenseKeys.activatedAt })
    .from(licenseKeys)
    .innerJoin(payments, eq(payments.id, licenseKeys.paymentId))
    .where(eq(payments.checkoutSessionId, sessionId));
}

export async function licenseRow(key: string) {
  const [row] = await db.select().from(licenseKeys).where(eq(licenseKeys.key, key));
  return row;
}

export async function testSessionRow(sessionId: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row;
}

/** Forgets the cached configuration and the cached Stripe driver. */
export function resetPayments(): void {
  resetEnvForTests();
  delete (globalThis as { __payments?: unknown }).__payments;
}

export const STRIPE_KEY = "sk_test_x";
export const WEBHOOK_SECRET = "whsec_test";

const STRIPE_VARS = ["PAYMENTS_DRIVER", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;

/** Starts the fake Stripe API and switches the app to the Stripe driver; `restore()` undoes both. */
export async function useFakeStripe(): Promise<FakeStripe & { restore(): Promise<void> }> {
  const saved = Object.fromEntries(STRIPE_VARS.map((k) => [k, process.env[k]]));
  const fake = await startFakeStripe();
  Object.assign(process.env, {
    PAYMENTS_DRIVER: "stripe",
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  resetPayments();
  return Object.assign(fake, {
    async restore() {
      for (const k of STRIPE_VARS) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      resetPayments();
      await fake.close();
    },
  });
}
