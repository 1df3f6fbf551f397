import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { getAuth } from "@/lib/auth/auth";
import { getUserFromHeaders, isRefusedCredentials } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { users, verifications } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { afterResponse } from "@/lib/http/after-response";
import { hitRateLimit } from "@/lib/services/rate-limit";
import { toUserJson } from "@/lib/services/users/serialize";
import type { LoginResult } from "./login";
import type { MessageJson } from "@/lib/responses/common";

const REGISTERED_MESSAGE = "Registration successful! Please check your email to verify your account.";
export const FORGOT_NEUTRAL_MESSAGE = "If your email is in our system, you will receive a password reset link shortly.";
const MAIL_LIMIT = { limit: 5, windowSeconds: 60 * 60 };
/** Registrations: per client IP (account spam) and per address (e-mail flooding: each one mails the owner). */
export const REGISTER_LIMITS = {
  perIp: { limit: 20, windowSeconds: 60 },
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
};

function authMessage(error: unknown, fallback: string): string {
  const message = (error as { body?: { message?: unknown } }).body?.message;
  return typeof message === "string" && message ? message : fallback;
}

async function limitMail(kind: string, email: string): Promise<void> {
  const hit = await hitRateLimit(`${kind}:${email}`, MAIL_LIMIT.limit, MAIL_LIMIT.windowSeconds);
  if (!hit.allowed) {
    throw new AppError("rate_limited", "Too many e-mails requested for this address. Please try again later.", {
      retryAfter: hit.retryAfterSeconds,
    });
  }
}

/**
 * Creates an unverified trial account and mails the verification link. An address that
 * already has an account gets the same answer (no account enumeration) and its owner an
 * e-mail saying so. Both paths hash the password (Better Auth) and send their e-mail after the
 * response (lib/auth/auth.ts backgroundTasks), so the answer takes the same time.
 */
export async function registerUser(
  input: { name: string; email: string; password: string },
  ip: string,
): Promise<MessageJson> {
  const byIp = await hitRateLimit(
    `register:ip:${ip}`,
    REGISTER_LIMITS.perIp.limit,
    REGISTER_LIMITS.perIp.windowSeconds,
  );
  if (!byIp.allowed) {
    throw new AppError("rate_limited", "Too many registrations from this network. Please try again in a minute.", {
      retryAfter: byIp.retryAfterSeconds,
    });
  }
  const byEmail = await hitRateLimit(
    `register:email:${input.email}`,
    REGISTER_LIMITS.perEmail.limit,
    REGISTER_LIMITS.perEmail.windowSeconds,
  );
  if (!byEmail.allowed) {
    throw new AppError(
      "rate_limited",
      "Too many registration attempts for this email address. Please try again later.",
      { retryAfter: byEmail.retryAfterSeconds },
    );
  }
  try {
    await getAuth().api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password } });
  } catch (error) {
    // Our schema checks the input first; what Better Auth still refuses is the caller's input too.
    if (isRefusedCredentials(error)) throw new AppError("invalid_input", authMessage(error, "Registration failed"));
    throw error;
  }
  return { msg: REGISTERED_MESSAGE };
}

/** Confirms the address, signs the user in and returns the session token and user. */
export async function verifyEmailToken(token: string): Promise<LoginResult> {
  if (!token.trim()) throw new AppError("invalid_input", "No verification token provided");
  let result;
  try {
    result = await getAuth().api.verifyEmail({ query: { token }, returnHeaders: true });
  } catch (error) {
    if (!isRefusedCredentials(error)) throw error;
    throw new AppError("invalid_input", "The verification link is invalid or has expired. Please request a new one.");
  }
  const signed = result.headers.get("set-auth-token");
  if (!signed) {
    throw new AppError("invalid_input", "This email address is already verified. Please sign in.");
  }
  const sessionToken = signed.split(".")[0]!;
  const user = await getUserFromHeaders(new Headers({ authorization: `Bearer ${sessionToken}` }));
  if (!user) throw new AppError("invalid_input", "Verification failed");
  return { token: sessionToken, user: toUserJson(user), setCookies: result.headers.getSetCookie() };
}

/** The same answer and the same work for every address; the e-mail (if any) goes out after the response. */
export async function resendVerification(email: string): Promise<MessageJson> {
  await limitMail("resend-verification", email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) {
    afterResponse("verification e-mail", () => getAuth().api.sendVerificationEmail({ body: { email } }));
  }
  return { msg: "Verification email resent successfully! Please check your inbox." };
}

/**
 * Neutral answer for unknown addresses; an unverified account is told to verify first (the product's
 * requiresVerification). The reset link is created and mailed after the response, so an existing
 * verified address and an unknown one take the same time.
 */
export async function requestPasswordReset(email: string): Promise<MessageJson> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) {
    throw new AppError("forbidden", "Your email is not verified. Please verify your email first.", {
      requiresVerification: true,
    });
  }
  await limitMail("forgot-password", email);
  if (user) afterResponse("password reset e-mail", () => getAuth().api.requestPasswordReset({ body: { email } }));
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
export async function resetPassword(token: string, password: string): Promise<MessageJson> {
  if (!(await isResetTokenValid(token))) {
    throw new AppError(
      "invalid_input",
      "This password reset link is invalid or has expired. Please request a new one.",
    );
  }
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (!isRefusedCredentials(error)) throw error;
    throw new AppError(
      "invalid_input",
      "This password reset link is invalid or has expired. Please request a new one.",
    );
  }
  return { msg: "Your password has been reset. You can now sign in with your new password." };
}

/** Ends the caller's session (cookie or bearer token). */
export async function signOutUser(headers: Headers): Promise<string[]> {
  try {
    const result = await getAuth().api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // No (valid) session to end: signing out is done already.
    if (isRefusedCredentials(error)) return [];
    throw error;
  }
}
