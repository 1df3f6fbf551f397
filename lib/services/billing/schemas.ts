import { LICENSE_INPUT_PATTERN } from "@/lib/billing/pricing";
import { z } from "zod";
import { safeString } from "@/lib/validation/strings";

export const validatePromoSchema = z.object({
  code: safeString({ error: "Please enter a promo code" })
    .trim()
    .min(1, "Please enter a promo code")
    .max(64, "Invalid promo code"),
});

export const checkoutSchema = z.object({
  planId: z.literal("lifetime", { error: "Only the lifetime plan can be purchased" }),
  promoCode: safeString().trim().max(64).optional().nullable(),
});

export const verifyLicenseSchema = z.object({
  licenseKey: safeString({ error: "Please enter a license key" })
    .trim()
    .min(1, "Please enter a license key")
    .max(64, "Invalid license key"),
});

/** The activation screen's form: the server's schema, plus the key's shape checked before asking. */
export const activateLicenseFormSchema = z.object({
  licenseKey: verifyLicenseSchema.shape.licenseKey.regex(
    LICENSE_INPUT_PATTERN,
    "License keys look like XXXXX-XXXXX-XXXXX-XXXXX-XXXXX",
  ),
});
