import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { checkoutSessions } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { UnknownCheckoutSessionError, type CheckoutRequest, type PaidSession, type PaymentsDriver } from "./types";

/**
 * Local test checkout: the session lives in our database and its page (/dev/checkout/{id})
 * has a "Complete test payment" button that marks it paid through the same fulfilment code.
 */
export const testDriver: PaymentsDriver = {
  name: "test",
  async createCheckout(request: CheckoutRequest) {
    const sessionId = `cs_test_${randomBytes(18).toString("base64url")}`;
    await db.insert(checkoutSessions).values({
      id: sessionId,
      driver: "test",
      userId: request.userId,
      amountCents: request.amountCents,
      promoCode: request.promoCode,
      expiresAt: request.expiresAt,
    });
    return { sessionId, url: `${env().appUrl}/dev/checkout/${sessionId}` };
  },
  async retrievePaidSession(sessionId: string): Promise<PaidSession | null> {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    if (!session || session.driver !== "test") throw new UnknownCheckoutSessionError(sessionId);
    if (session.status !== "paid") return null;
    return {
      sessionId,
      amountCents: session.amountCents,
      promoCode: session.promoCode,
      userId: session.userId,
      customerEmail: null,
    };
  },
  async expireCheckout(sessionId: string) {
    await db
      .update(checkoutSessions)
      .set({ status: "expired" })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")));
  },
};
