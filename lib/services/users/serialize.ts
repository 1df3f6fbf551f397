import type { UserRow } from "@/lib/db/schema";
import { isAdminUser } from "@/lib/auth/session";
import type { UserJson } from "@/lib/responses/account";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user as the API shows it (never the password or session data). */
export function toUserJson(user: UserRow): UserJson {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    isAdmin: isAdminUser(user),
    subscription: user.subscription,
    trialEnds: iso(user.trialEnds),
    licenseKey: user.licenseKey,
    purchaseDate: iso(user.purchaseDate),
    promoCodeUsed: user.promoCodeUsed,
    created: user.createdAt.toISOString(),
  };
}
