import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { getAuth } from "@/lib/auth/auth";
import { getUserFromHeaders } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { users, verifications } from "@/lib/db/schema";
import { AppError } from "@/lib/http/errors";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { toUserJson, type UserJson } from "@/lib/services/users/serialize";

export const REGISTERED_MESSAGE = "Registration successful! Please check your email to verify your account.";
export const FORGOT_NEUTRAL_MESSAGE = "If your email is in our system, you will receive a password reset link shortly.";
const MAIL_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

async function limitMail(kind: string, email: string): Promise<void> {
  const hit = await hitRateLimit(`${kind}:${email}`, MAIL_LIMIT.limit, MAIL_LIMIT.windowSeconds);
  if (!hit.allowed) {
    throw new AppError(429, "Too many e-mails requested for this address. Please try again later.", {
      retryAfter: hit.retryAfterSeconds,
    });
  }
}

/**
 * Creates an unverified trial account and mails the verification link. An address that
 * already has an account gets the same answer (no account enumeration) and its owner an
 * e-mail saying so.
 */
export async function registerUser(input: { name: string; email: string; password: string }): Promise<{ msg: string }> {
  await getAuth().api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password } });
  return { msg: REGISTERED_MESSAGE };
}

/** Confirms the address, signs the user in and returns the session token and user. */
export async function verifyEmailToken(
  token: string,
): Promise<{ token: string; user: UserJson; setCookies: string[] }> {
  if (!token.trim()) throw new AppError(400, "No verification token provided");
  let result;
  try {
    result = await getAuth().api.verifyEmail({ query: { token }, returnHeaders: true });
  } catch {
    throw new AppError(400, "The verification link is invalid or has expired. Please request a new one.");
  }
  const signed = result.headers.get("set-auth-token");
  if (!signed) {
    throw new AppError(400, "This email address is already verified. Please sign in.");
  }
  const sessionToken = signed.split(".")[0]!;
  const user = await getUserFromHeaders(new Headers({ authorization: `Bearer ${sessionToken}` }));
  if (!user) throw new AppError(400, "Verification failed");
  return { token: sessionToken, user: toUserJson(user), setCookies: result.headers.getSetCookie() };
}

export async function resendVerification(email: string): Promise<{ msg: string }> {
  await limitMail("resend-verification", email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) {
    await getAuth().api.sendVerificationEmail({ body: { email } });
  }
  return { msg: "Verification email resent successfully! Please check your inbox." };
}

/** Neutral answer for unknown addresses; an unverified account is told to verify first. */
export async function requestPasswordReset(email: string): Promise<{ msg: string }> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) {
    throw new AppError(403, "Your email is not verified. Please verify your email first.", { requiresVerification: true });
  }
  await limitMail("forgot-password", email);
  if (user) {
    try {
      await getAuth().api.requestPasswordReset({ body: { email } });
    } catch (error) {
      console.error("[auth] password reset e-mail failed", error);
      throw new AppError(502, "Failed to send password reset email");
    }
  }
  return { msg: FORGOT_NEUTRAL_MESSAGE };
}

/** Checks a reset token without using it up. */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(token)) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/** Sets a new password with a single-use token; every session of that user is signed out. */
export async function resetPassword(token: string, password: string): Promise<{ msg: string }> {
  if (!(await isResetTokenValid(token))) {
    throw new AppError(400, "This password reset link is invalid or has expired. Please request a new one.");
  }
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword: password } });
  } catch {
    throw new AppError(400, "This password reset link is invalid or has expired. Please request a new one.");
  }
  return { msg: "Your password has been reset. You can now sign in with your new password." };
}

/** Ends the caller's session (cookie or bearer token). */
export async function signOutUser(headers: Headers): Promise<string[]> {
  try {
    const result = await getAuth().api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    return [];
  }
}
