import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { POST as loginPOST } from "@/app/api/auth/login/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { GET as verifyEmailGET } from "@/app/api/auth/verify-email/[token]/route";
import { listOutbox } from "@/lib/mail/outbox-driver";

const ORIGIN = "http://localhost:3000";

type Params = Record<string, string | string[]>;
/** Response bodies are read loosely in tests; assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;
type RouteHandler = (req: Request, ctx: { params: Promise<AnyJson> }) => Response | Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Path (with query) such as "/api/auth/me"; an absolute URL is used as is. */
  url: string;
  /** An object is sent as JSON; a string is sent raw (e.g. malformed JSON). */
  body?: unknown;
  headers?: Record<string, string>;
  params?: Params;
}

export interface CallResult<T = AnyJson> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}

/** A client IP for this test process (tests that need one fixed address across calls). */
export const TEST_IP = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Calls an App Router route handler directly, the way Next would. */
export async function callRoute<T = AnyJson>(handler: RouteHandler, options: CallOptions): Promise<CallResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  // Each call comes from a client address of its own (as the app's server appends it: the
  // right-most X-Forwarded-For entry) unless the test passes one, so per-IP limits never couple tests.
  const headers = new Headers({ "x-forwarded-for": randomIp(), ...options.headers });
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    // As on the wire: an HTTP/1.1 body comes with its length (lib/http/csrf.ts hasBody).
    if (!headers.has("content-length") && !headers.has("transfer-encoding"))
      headers.set("content-length", String(Buffer.byteLength(body)));
  }
  const url = /^https?:/.test(options.url) ? options.url : ORIGIN + options.url;
  const res = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await res.text();
  let json: unknown = null;
  if (text !== "" && (res.headers.get("content-type") ?? "").includes("json")) json = JSON.parse(text);
  return { status: res.status, json: json as T, text, headers: res.headers };
}

/** The `cookie` request header that sends back every cookie of a response's Set-Cookie headers. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The last path segment of the newest outbox link `${APP_URL}/${path}/{token}` sent to an address. */
export async function mailedToken(email: string, path: "verify-email" | "reset-password"): Promise<string> {
  const re = new RegExp(`${ORIGIN}/${path}/([A-Za-z0-9._~-]+)`);
  for (const mail of await listOutbox(email)) {
    const match = mail.text.match(re);
    if (match) return match[1]!;
  }
  throw new Error(`No ${path} link in the outbox for ${email}`);
}

/** Registers an account, follows the mailed verification link and returns the session. */
export async function registerAndVerify(email: string, password: string, name = "Test User") {
  const reg = await callRoute(registerPOST, {
    method: "POST",
    url: "/api/auth/register",
    body: { name, email, password },
  });
  expect(reg.status, reg.text).toBe(201);
  const verificationToken = await mailedToken(email, "verify-email");
  const res = await callRoute(verifyEmailGET, {
    url: `/api/auth/verify-email/${verificationToken}`,
    params: { token: verificationToken },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { token: string; user: Record<string, AnyJson> };
}

export async function loginAs(email: string, password: string, headers?: Record<string, string>) {
  return callRoute<{ token: string; user: Record<string, AnyJson>; msg?: string }>(loginPOST, {
    method: "POST",
    url: "/api/auth/login",
    body: { email, password },
    headers,
  });
}
