import { z } from "zod";
import { safeDate, safeString } from "@/lib/validation/strings";
import { pageQuery } from "./pagination";

const discount = z.coerce
  .number({ error: "Discount must be a number" })
  .int("Discount must be a whole number")
  .min(1, "Discount must be between 1 and 100")
  .max(100, "Discount must be between 1 and 100");
const maxUses = z.coerce
  .number({ error: "Max uses must be a number" })
  .int("Max uses must be a whole number")
  .min(1, "Max uses must be at least 1")
  .max(1_000_000, "Max uses is too large");
const expiresAt = safeDate("Expiry date is not a valid date", "Expiry date is required");

export const createPromoSchema = z.object({
  code: safeString({ error: "Promo code is required" })
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
  .refine((v) => v.code === undefined, { message: "The promo code cannot be changed" })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: "Nothing to update: send at least one field",
  });

export const listPromoQuery = z.object({
  ...pageQuery,
  isActive: z.enum(["true", "false", ""]).optional(),
  search: safeString().trim().max(100).optional(),
});

/** The status and search filters of the promo code list (the list query without paging). */
export const promoFiltersSchema = listPromoQuery.pick({ isActive: true, search: true });
export type PromoFilters = z.output<typeof promoFiltersSchema>;

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date as the local "YYYY-MM-DD" a date input holds. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last millisecond of a "YYYY-MM-DD" day in local time, as ISO; null when the text is not a date. */
export function endOfDayIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) || toDateInput(date) !== value ? null : date.toISOString();
}

/** The form's expiry: a date input's day (sent as the end of that day, see `endOfDayIso`). */
const expiryDay = z
  .string({ error: "Expiry date is required" })
  .trim()
  .min(1, "Expiry date is required")
  .refine((v) => endOfDayIso(v) !== null, "Expiry date is not a valid date");

/** The admin's create dialog: the server's rules, the expiry as a date input's day. */
export const createPromoFormSchema = createPromoSchema.extend({
  expiresAt: expiryDay,
  isInfluencerCode: z.boolean(),
});

/** The admin's edit dialog: the server's bounds; the code is shown, never sent. */
export const updatePromoFormSchema = z.object({
  discountPercentage: discount,
  maxUses,
  expiresAt: expiryDay,
  isActive: z.boolean(),
});
