/** Answers of pricing, checkout and licences. Each answer's type is inferred from its schema (docs/architecture.md). */
import { z } from "zod";

export const PromoValidation = z.object({ code: z.string(), discountPercentage: z.number().int() });

export const Checkout = z.object({ url: z.string().describe("Where to send the buyer") });

export const PaymentVerification = z.object({ licenseKey: z.string() });

export const LicenseVerification = z.object({
  valid: z.boolean(),
  activated: z.boolean().optional(),
  msg: z.string().optional(),
});

export const StripeWebhook = z.object({ received: z.literal(true), fulfilled: z.boolean().optional() });

export type PromoValidationJson = z.output<typeof PromoValidation>;
export type CheckoutJson = z.output<typeof Checkout>;
export type PaymentVerificationJson = z.output<typeof PaymentVerification>;
export type LicenseVerificationJson = z.output<typeof LicenseVerification>;
export type StripeWebhookJson = z.output<typeof StripeWebhook>;
