/** The user as the API returns it (mirrors lib/services/users/serialize.ts). */
export interface SessionUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  subscription: "free" | "trial" | "lifetime";
  trialEnds: string | null;
  licenseKey: string | null;
  purchaseDate: string | null;
  promoCodeUsed: string | null;
  created: string;
}
