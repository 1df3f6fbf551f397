import "server-only";
import type { UserRow } from "@/lib/db/schema";
import { getUserFromHeaders, isAdminUser } from "@/lib/auth/session";
import { AppError } from "./errors";
import { errorResponse, json } from "./respond";

type Params = Record<string, string | string[] | undefined>;
type RouteContext = { params: Promise<Params> };
type Result = Response | object | null | undefined;

export interface PublicArgs<P extends Params> {
  req: Request;
  params: P;
}
export interface UserArgs<P extends Params> extends PublicArgs<P> {
  user: UserRow;
}

function finish(result: Result): Response {
  if (result instanceof Response) return result;
  return json(result ?? { ok: true });
}

function label(req: Request): string {
  return `${req.method} ${new URL(req.url).pathname}`;
}

/** A route open to anyone; AppError and zod failures become `{ msg }`. */
export function handle<P extends Params = Params>(fn: (args: PublicArgs<P>) => Promise<Result>) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    try {
      return finish(await fn({ req, params: ((await ctx?.params) ?? {}) as P }));
    } catch (error) {
      return errorResponse(error, label(req));
    }
  };
}

export async function requireUser(req: Request): Promise<UserRow> {
  const user = await getUserFromHeaders(req.headers);
  if (user) return user;
  const sentCredentials = req.headers.has("x-auth-token") || req.headers.has("authorization") || /session_token=/.test(req.headers.get("cookie") ?? "");
  throw new AppError(401, sentCredentials ? "Authentication failed" : "Authentication required");
}

/** A route for signed-in users: 401 `{ msg }` otherwise. */
export function withUser<P extends Params = Params>(fn: (args: UserArgs<P>) => Promise<Result>) {
  return handle<P>(async ({ req, params }) => fn({ req, params, user: await requireUser(req) }));
}

/** A route open to anyone that also knows the caller when signed in. */
export function withOptionalUser<P extends Params = Params>(fn: (args: PublicArgs<P> & { user: UserRow | null }) => Promise<Result>) {
  return handle<P>(async ({ req, params }) => fn({ req, params, user: await getUserFromHeaders(req.headers) }));
}

/** A route for admins: 401 without a user, 403 for a non-admin. */
export function withAdmin<P extends Params = Params>(fn: (args: UserArgs<P>) => Promise<Result>) {
  return handle<P>(async ({ req, params }) => {
    const user = await requireUser(req);
    if (!isAdminUser(user)) throw new AppError(403, "Access denied. Admin privileges required.");
    return fn({ req, params, user });
  });
}
