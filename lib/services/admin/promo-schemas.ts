import { z } from "zod";
import { pageQuery } from "./pagination";

const discount = z.coerce.number({ error: "Discount must be a number" }).int("Discount must be a whole number").min(1, "Discount must be between 1 and 100").max(100, "Discount must be between 1 and 100");
const maxUses = z.coerce.number({ error: "Max uses must be a number" }).int("Max uses must be a whole number").min(1, "Max uses must be at least 1").max(1_000_000, "Max uses is too large");
const expiresAt = z
  .string({ error: "Expiry date is required" })
  .trim()
  .min(1, "Expiry date is required")
  .refine((v) => !Number.isNaN(Date.parse(v)), "Expiry date is not a valid date")
  .transform((v) => new Date(v));

export const createPromoSchema = z.object({
  code: z
    .string({ error: "Promo code is required" })
    .trim()
    .min(1, "Promo code is required")
    .max(32, "Promo code must be at most 32 characters")
    .refine((v) => !/\s/.test(v), "Promo code cannot contain spaces")
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), "Promo code may only contain letters, digits, - and _")
    .transform((v) => v.toUpperCase()),
  discountPercentage: discount,
  maxUses,
  expiresAt,
  isInfluencerCode: z.boolean({ error: "isInfluencerCode must be true or false" }).optional().default(false),
});

/** The code itself cannot change. */
export const updatePromoSchema = z
  .object({
    discountPercentage: discount.optional(),
    maxUses: maxUses.optional(),
    expiresAt: expiresAt.optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    isInfluencerCode: z.boolean().optional(),
    code: z.unknown().optional(),
  })
  .refine((v) => v.code === undefined, { message: "The promo code cannot be changed" });

export const listPromoQuery = z.object({
  ...pageQuery,
  isActive: z.enum(["true", "false", ""]).optional(),
  search: z.string().trim().max(100).optional(),
});
