/**
 * Per-IP limits of the anonymous pricing endpoints: guessing promo codes and licence keys, and
 * holding a code's uses with discounted checkouts nobody pays (each holds one use for 35 minutes).
 */
export const PRICING_LIMITS = {
  validatePromo: { limit: 30, windowSeconds: 60 },
  verifyLicense: { limit: 10, windowSeconds: 60 },
  discountedCheckout: { limit: 10, windowSeconds: 10 * 60 },
};
