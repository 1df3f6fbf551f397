import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { accounts, sessions, users } from "@/lib/db/schema";
import { SESSION_EXPIRES_IN_SECONDS } from "@/lib/auth/session-policy";
import { toUserJson } from "@/lib/services/users/serialize";

/** A fresh address per call: with DATABASE_URL every test file shares one database. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Satisfies every rule of lib/services/auth/password-policy.ts. */
export const STRONG_PASSWORD = "Str0ng!Passw0rd";

/**
 * STRONG_PASSWORD hashed once, the way Better Auth stores it (scrypt, `salt:key`): a user inserted
 * with it signs in with STRONG_PASSWORD through the real login (tests/unit/test-factories.test.ts
 * checks the pair), without paying for a hash per test user.
 */
export const STRONG_PASSWORD_HASH =
  "c7c393e3bc43c078995c1536b68e69e2:d06dff5c046a1c6b763dfa4e872469a53bcef38e98181c76260f9392f2fd961e62acf1f9ff019066ce2b6cd56380c5e6fa045786324ade2d9546affabe0bc163";

const TRIAL_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * A verified trial account and a signed-in session, inserted the way sign-up and the verification
 * link leave them (user, credential account with STRONG_PASSWORD, session): the same answer as
 * `registerAndVerify` for every test that is not about signing up. The auth tests keep the real flow.
 */
export async function insertVerifiedUser(email: string, name = "Test User") {
  const id = randomBytes(16).toString("base64url");
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({
      id,
      name,
      email,
      emailVerified: true,
      subscription: "trial",
      trialEnds: new Date(now.getTime() + TRIAL_MS),
    })
    .returning();
  await db.insert(accounts).values({
    id: randomBytes(16).toString("base64url"),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: STRONG_PASSWORD_HASH,
  });
  const token = randomBytes(24).toString("base64url").replace(/[-_]/g, "x");
  await db.insert(sessions).values({
    id: randomBytes(16).toString("base64url"),
    token,
    userId: id,
    expiresAt: new Date(now.getTime() + SESSION_EXPIRES_IN_SECONDS * 1000),
  });
  return { token, user: toUserJson(user!) };
}
