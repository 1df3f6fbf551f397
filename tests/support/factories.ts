import { randomBytes } from "node:crypto";

/** A fresh address per call: with DATABASE_URL every test file shares one database. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Satisfies every rule of lib/services/auth/password-policy.ts. */
export const STRONG_PASSWORD = "Str0ng!Passw0rd";
