import "server-only";
import { isAPIError } from "better-auth/api";
import { getAuth } from "@/lib/auth/auth";
import { getUserFromHeaders } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";
import { toUserJson, type UserJson } from "@/lib/services/users/serialize";
import { clearRateLimit, hitRateLimit, refundRateLimit } from "@/lib/services/rate-limit";

export const LOGIN_LIMITS = {
  perEmail: { limit: 10, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
};

export interface LoginResult {
  token: string;
  user: UserJson;
  setCookies: string[];
}

function tooMany(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(429, `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
    retryAfter: retryAfterSeconds,
  });
}

/** Signs in with e-mail and password; limited per address and per client IP. */
export async function loginUser(input: { email: string; password: string }, ip: string): Promise<LoginResult> {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  const [byEmail, byIp] = await Promise.all([
    hitRateLimit(emailKey, LOGIN_LIMITS.perEmail.limit, LOGIN_LIMITS.perEmail.windowSeconds),
    hitRateLimit(ipKey, LOGIN_LIMITS.perIp.limit, LOGIN_LIMITS.perIp.windowSeconds),
  ]);
  if (!byEmail.allowed) throw tooMany(byEmail.retryAfterSeconds);
  if (!byIp.allowed) throw tooMany(byIp.retryAfterSeconds);

  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "EMAIL_NOT_VERIFIED") {
      throw new AppError(403, "Please verify your email before logging in. Check your inbox for the verification link.", {
        requiresVerification: true,
      });
    }
    if (isAPIError(error)) throw new AppError(400, "Invalid email or password");
    throw error;
  }
  await Promise.all([clearRateLimit(emailKey), refundRateLimit(ipKey)]);
  const token = result.response.token;
  const user = await getUserFromHeaders(new Headers({ authorization: `Bearer ${token}` }));
  if (!user) throw new Error("Session was not created");
  return { token, user: toUserJson(user), setCookies: result.headers.getSetCookie() };
}
