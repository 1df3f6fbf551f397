/**
 * Answers about the signed-in user and sessions. Each answer's type is inferred from its schema
 * (docs/architecture.md).
 */
import { z } from "zod";
import { SUBSCRIPTIONS } from "@/lib/domain/enums";
import { iso, isoOrNull } from "./common";

export const userFields = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  subscription: z.enum(SUBSCRIPTIONS),
  trialEnds: isoOrNull(),
  licenseKey: z.string().nullable(),
  purchaseDate: isoOrNull(),
  promoCodeUsed: z.string().nullable(),
  created: iso(),
};

export const User = z.object(userFields);

export const Session = z.object({
  token: z.string().describe("Session token: send it as `x-auth-token` or `Authorization: Bearer`."),
  user: User,
});

export const ResetToken = z.object({ valid: z.boolean() });

export type UserJson = z.output<typeof User>;
export type SessionJson = z.output<typeof Session>;
export type ResetTokenJson = z.output<typeof ResetToken>;
