import { z } from "zod";

export const validatePromoSchema = z.object({
  code: z.string({ error: "Please enter a promo code" }).trim().min(1, "Please enter a promo code").max(64, "Invalid promo code"),
});

export const checkoutSchema = z.object({
  planId: z.literal("lifetime", { error: "Only the lifetime plan can be purchased" }),
  promoCode: z.string().trim().max(64).optional().nullable(),
});

export const verifyLicenseSchema = z.object({
  licenseKey: z.string({ error: "Please enter a license key" }).trim().min(1, "Please enter a license key").max(64, "Invalid license key"),
});
