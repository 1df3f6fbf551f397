import "server-only";
import { isAPIError } from "better-auth/api";
import { getAuth } from "@/lib/auth/auth";
import { getUserFromHeaders, isRefusedCredentials } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { toUserJson } from "@/lib/services/users/serialize";
import { clearRateLimit, hitRateLimit, refundRateLimit } from "@/lib/services/rate-limit";
import type { SessionJson } from "@/lib/responses/account";

/**
 * Failed sign-ins allowed per 15 minutes. The tight bound is per (address, client IP) pair, so a
 * stranger guessing from elsewhere cannot lock the owner out; the looser per-address bound caps a
 * distributed guess; the per-IP bound caps one client trying many addresses. Successful sign-ins
 * never count (their hit is given back).
 */
export const LOGIN_LIMITS = {
  perEmailAndIp: { limit: 10, windowSeconds: 15 * 60 },
  perEmail: { limit: 50, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
};

export interface LoginResult extends SessionJson {
  setCookies: string[];
}

function tooMany(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    "rate_limited",
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    {
      retryAfter: retryAfterSeconds,
    },
  );
}

/** Signs in with e-mail and password; failures are limited per address+IP, per address and per client IP. */
export async function loginUser(input: { email: string; password: string }, ip: string): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const keys = {
    pair: `login:pair:${email}|${ip}`,
    email: `login:email:${email}`,
    ip: `login:ip:${ip}`,
  };
  // Counted before the attempt (so parallel guesses cannot slip past a bound) and given back when
  // the password was not even tried (refused here) or was right: only real failures count.
  const hits = await Promise.all([
    hitRateLimit(keys.pair, LOGIN_LIMITS.perEmailAndIp.limit, LOGIN_LIMITS.perEmailAndIp.windowSeconds),
    hitRateLimit(keys.email, LOGIN_LIMITS.perEmail.limit, LOGIN_LIMITS.perEmail.windowSeconds),
    hitRateLimit(keys.ip, LOGIN_LIMITS.perIp.limit, LOGIN_LIMITS.perIp.windowSeconds),
  ]);
  const refused = hits.filter((h) => !h.allowed);
  if (refused.length) {
    await Promise.all([refundRateLimit(keys.pair), refundRateLimit(keys.email), refundRateLimit(keys.ip)]);
    throw tooMany(Math.max(...refused.map((h) => h.retryAfterSeconds)));
  }

  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "EMAIL_NOT_VERIFIED") {
      throw new AppError(
        "forbidden",
        "Please verify your email before logging in. Check your inbox for the verification link.",
        {
          requiresVerification: true,
        },
      );
    }
    // Only a refusal of the credentials is "invalid"; a failure of Better Auth itself (database
    // down) propagates and is answered as a 500.
    if (isRefusedCredentials(error)) throw new AppError("invalid_input", "Invalid email or password");
    throw error;
  }
  await Promise.all([clearRateLimit(keys.pair), refundRateLimit(keys.email), refundRateLimit(keys.ip)]);
  const token = result.response.token;
  const user = await getUserFromHeaders(new Headers({ authorization: `Bearer ${token}` }));
  if (!user) throw new Error("Session was not created");
  return { token, user: toUserJson(user), setCookies: result.headers.getSetCookie() };
}
