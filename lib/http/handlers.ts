import "server-only";
import type { UserRow } from "@/lib/db/schema";
import { getCallerFromHeaders, getUserFromHeaders, isAdminUser, type Caller } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { apiRequestRefusal } from "./csrf";
import { errorResponse, json } from "./respond";
import { logPath, requestIdOf, withApiHeaders } from "./response-headers";

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };
type Result = Response | object | null | undefined;

export interface PublicArgs<P extends Params> {
  req: Request;
  params: P;
  /** This request's id (the caller's `x-request-id`, else generated); echoed in the response header. */
  requestId?: string;
}
export interface UserArgs<P extends Params> extends PublicArgs<P> {
  user: UserRow;
}

function finish(result: Result): Response {
  if (result instanceof Response) return result;
  return json(result ?? { ok: true });
}

/** The user a wrapper resolved for a request, for the request's log line. */
const requestUsers = new WeakMap<Request, string>();
const httpLog = logger("http");

export interface HandleOptions {
  /**
   * false for a route whose body is not JSON and whose sender is verified otherwise (the Stripe
   * webhook's signature): the Content-Type rule of lib/http/csrf.ts does not apply to it.
   */
  jsonBody?: boolean;
  /** The level of the request's log line below 500 (default info; the health probe uses debug). */
  logLevel?: "info" | "debug";
}

/**
 * A route open to anyone; AppError and zod failures become `{ msg, code }`. Every route (all
 * wrappers below build on this one) applies the cross-site rules of lib/http/csrf.ts first: a
 * state-changing cookie request from another origin is a 403, a body that is not JSON a 400.
 * Every request gets an id (`x-request-id`, echoed in the response), the security headers, and one
 * log line: method, path, status, duration, user.
 */
export function handle<P extends Params = Params>(
  fn: (args: PublicArgs<P>) => Promise<Result>,
  options: HandleOptions = {},
) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const startedAt = performance.now();
    const requestId = requestIdOf(req);
    const path = logPath(req);
    let res: Response;
    try {
      const refusal = apiRequestRefusal(req, options);
      if (refusal) throw refusal;
      res = finish(await fn({ req, params: ((await ctx?.params) ?? {}) as P, requestId }));
    } catch (error) {
      res = errorResponse(error, `${req.method} ${path}`, requestId);
    }
    res = withApiHeaders(res, requestId);
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const line = { requestId, method: req.method, path, status: res.status, durationMs, userId: requestUsers.get(req) };
    if (res.status >= 500) httpLog.error(line, "request failed");
    else httpLog[options.logLevel ?? "info"](line, "request");
    return res;
  };
}

/** The caller and how they authenticated (session or API key); 401 otherwise. */
async function requireCaller(req: Request): Promise<Caller> {
  const caller = await getCallerFromHeaders(req.headers);
  if (caller) {
    requestUsers.set(req, caller.user.id);
    return caller;
  }
  const sentCredentials =
    req.headers.has("x-auth-token") ||
    req.headers.has("authorization") ||
    /session_token=/.test(req.headers.get("cookie") ?? "");
  throw sentCredentials
    ? new AppError("session_invalid", "Authentication failed")
    : new AppError("unauthenticated", "Authentication required");
}

async function requireUser(req: Request): Promise<UserRow> {
  return (await requireCaller(req)).user;
}

/** A route for signed-in users: 401 `{ msg }` otherwise. */
export function withUser<P extends Params = Params>(fn: (args: UserArgs<P>) => Promise<Result>) {
  return handle<P>(async ({ req, params, requestId }) => fn({ req, params, requestId, user: await requireUser(req) }));
}

/** A route open to anyone that also knows the caller when signed in. */
export function withOptionalUser<P extends Params = Params>(
  fn: (args: PublicArgs<P> & { user: UserRow | null }) => Promise<Result>,
) {
  return handle<P>(async ({ req, params, requestId }) => {
    const user = await getUserFromHeaders(req.headers);
    if (user) requestUsers.set(req, user.id);
    return fn({ req, params, requestId, user });
  });
}

/** A route for admins: 401 without a user, 403 for a non-admin. */
export function withAdmin<P extends Params = Params>(fn: (args: UserArgs<P>) => Promise<Result>) {
  return handle<P>(async ({ req, params, requestId }) => {
    const user = await requireUser(req);
    if (!isAdminUser(user)) throw new AppError("forbidden", "Access denied. Admin privileges required.");
    return fn({ req, params, requestId, user });
  });
}

/**
 * A route that needs a session (cookie or session token): 401 without one, 403 for a request
 * authenticated by an API key (keys cannot manage keys).
 */
export function withSessionUser<P extends Params = Params>(fn: (args: UserArgs<P>) => Promise<Result>) {
  return handle<P>(async ({ req, params, requestId }) => {
    const caller = await requireCaller(req);
    if (caller.via !== "session")
      throw new AppError("forbidden", "API keys cannot manage API keys. Sign in to manage them.");
    return fn({ req, params, requestId, user: caller.user });
  });
}
