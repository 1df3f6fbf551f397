/** A way of taking payments; chosen by configuration (lib/env.ts): Stripe Checkout or the local test checkout. */
export interface CheckoutRequest {
  amountCents: number;
  promoCode: string | null;
  userId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** After this the session can no longer be paid (CHECKOUT_SESSION_SECONDS after creation). */
  expiresAt: Date;
}

export interface PaidSession {
  sessionId: string;
  amountCents: number;
  promoCode: string | null;
  userId: string | null;
  customerEmail: string | null;
}

export interface PaymentsDriver {
  readonly name: "stripe" | "test";
  /** Starts a checkout; returns the session id and where to send the browser. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The session when it has been paid, null when not (yet) paid; throws UnknownCheckoutSessionError when unknown. */
  retrievePaidSession(sessionId: string): Promise<PaidSession | null>;
  /**
   * Ends an open session early (the buyer cancelled or started another checkout); a paid or unknown one is left alone.
   */
  expireCheckout(sessionId: string): Promise<void>;
}

/** retrievePaidSession's answer for a session id the provider does not know (a 404, not an outage). */
export class UnknownCheckoutSessionError extends Error {
  constructor(sessionId: string) {
    super(`Unknown checkout session ${sessionId}`);
    this.name = "UnknownCheckoutSessionError";
  }
}
