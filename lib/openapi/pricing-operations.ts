/** Operations of promo codes, checkout and licences (the registry: ./operations.ts). */
import { checkoutSchema, validatePromoSchema, verifyLicenseSchema } from "@/lib/services/billing/schemas";
import { ok, type OperationSpec } from "./operation-spec";

export const PRICING_OPERATIONS: readonly OperationSpec[] = [
  // ---- Pricing ----
  {
    method: "post",
    path: "/api/pricing/validate-promo",
    operationId: "validatePromo",
    tag: "Pricing",
    summary: "Check a promo code",
    access: "public",
    body: validatePromoSchema,
    bodyExample: { code: "LAUNCH20" },
    success: ok("The code's discount", "PromoValidation", { code: "LAUNCH20", discountPercentage: 20 }),
  },
  {
    method: "post",
    path: "/api/pricing/checkout",
    operationId: "startCheckout",
    tag: "Pricing",
    summary: "Start a checkout for the lifetime plan",
    description: "Send `promoCode` only when a discount applies. Redirect the buyer to `url`.",
    access: "optional",
    body: checkoutSchema,
    bodyExample: { planId: "lifetime", promoCode: "LAUNCH20" },
    success: ok("Where to send the buyer", "Checkout"),
    errors: ["conflict", "provider_error"],
  },
  {
    method: "get",
    path: "/api/pricing/checkout/cancel",
    operationId: "cancelCheckout",
    tag: "Pricing",
    summary: "The checkout's cancel URL (browsers come back here)",
    description:
      "Gives the promo-code use the checkout reserved back (`?reservation=`), ends the checkout session, and redirects to /pricing.",
    access: "public",
    success: { status: 303, description: "Redirect to /pricing" },
  },
  {
    method: "get",
    path: "/api/pricing/verify-payment/{sessionId}",
    operationId: "verifyPayment",
    tag: "Pricing",
    summary: "The licence key of a paid checkout",
    access: "public",
    success: ok("Paid: the licence key", "PaymentVerification"),
    errors: ["invalid_input", ["conflict", 402], "provider_error"],
  },
  {
    method: "post",
    path: "/api/pricing/verify-license",
    operationId: "verifyLicense",
    tag: "Pricing",
    summary: "Check (and, when signed in, activate) a licence key",
    access: "optional",
    body: verifyLicenseSchema,
    bodyExample: { licenseKey: "ABCDE-FGHIJ-KLMNO-PQRST-UVWXY" },
    success: ok("Whether the key is valid", "LicenseVerification"),
    errors: ["conflict"],
  },
];
