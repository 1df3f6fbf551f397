import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { licenseKeys, payments, users, type UserRow } from "@/lib/db/schema";
import { LICENSE_KEY_PATTERN, normalizeLicenseKey } from "@/lib/billing/pricing";
import { AppError } from "@/lib/errors";
import type { LicenseVerificationJson } from "@/lib/responses/billing";

/**
 * `POST /api/pricing/verify-license`: `{valid}`. For a signed-in caller a valid key is also
 * activated: an unbound key is bound to the account and makes it lifetime; a key bound to
 * another account is refused.
 */
export async function verifyLicense(user: UserRow | null, input: string): Promise<LicenseVerificationJson> {
  const key = normalizeLicenseKey(input);
  if (!LICENSE_KEY_PATTERN.test(key)) return { valid: false, msg: "Invalid license key" };
  const [license] = await db.select().from(licenseKeys).where(eq(licenseKeys.key, key));
  if (!license) return { valid: false, msg: "Invalid license key" };
  if (!user) return { valid: true };
  if (license.userId && license.userId !== user.id) {
    throw new AppError("conflict", "This license key has already been activated on another account.");
  }
  if (!license.userId && user.subscription === "lifetime") {
    throw new AppError("conflict", "Your account already has lifetime access. Keep this key for another account.");
  }
  await db.transaction(async (tx) => {
    if (!license.userId) {
      const bound = await tx
        .update(licenseKeys)
        .set({ userId: user.id, activatedAt: sql`now()` })
        .where(and(eq(licenseKeys.id, license.id), isNull(licenseKeys.userId)))
        .returning({ id: licenseKeys.id });
      if (bound.length === 0)
        throw new AppError("conflict", "This license key has already been activated on another account.");
    }
    const [payment] = license.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, license.paymentId))
      : [];
    await tx
      .update(users)
      .set({
        subscription: "lifetime",
        licenseKey: key,
        purchaseDate: sql`coalesce(${users.purchaseDate}, ${payment?.createdAt ?? new Date()})`,
        promoCodeUsed: sql`coalesce(${users.promoCodeUsed}, ${payment?.promoCode ?? null})`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    if (payment && !payment.userId)
      await tx.update(payments).set({ userId: user.id }).where(eq(payments.id, payment.id));
  });
  return { valid: true, activated: true, msg: "License key activated successfully!" };
}
