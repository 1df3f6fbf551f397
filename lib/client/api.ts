/**
 * Browser-side JSON client for the app's API. The session travels in an httpOnly cookie.
 * Every failure is an ApiError carrying the server's stable `code` (docs/api.md "API
 * conventions"): callers branch on `code`, never on the message text.
 */
import { isErrorCode, type ErrorCode } from "@/lib/errors";

/** Codes a request can fail with besides the server's: the network or a non-JSON answer. */
export type ClientErrorCode = ErrorCode | "network";

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ClientErrorCode,
    public readonly data: Record<string, unknown>,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const UNAUTHORIZED_EVENT = "app:unauthorized";

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Do not treat a 401 as "session gone" (the login call itself). */
  allow401?: boolean;
}

/** True when `error` is an ApiError with one of the given codes. */
export function hasCode(error: unknown, ...codes: ClientErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The server's message: `msg`, or `message` (registration), else the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const text = error.data.msg ?? error.data.message;
    if (typeof text === "string" && text.trim()) return text;
  }
  return fallback;
}

/** The code a status implies when the body carries none (a proxy's error page, say). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 413) return "payload_too_large";
  if (status === 429) return "rate_limited";
  if (status >= 400 && status < 500) return "invalid_input";
  return "internal";
}

export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers:
        options.body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network", {}, "Network error. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { msg: text.slice(0, 200) };
  }
  if (!res.ok) {
    if (res.status === 401 && !options.allow401 && typeof window !== "undefined") {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    const body = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
    const code = isErrorCode(body.code) ? body.code : codeOfStatus(res.status);
    throw new ApiError(
      res.status,
      code,
      body,
      typeof body.msg === "string" ? body.msg : `Request failed (${res.status})`,
    );
  }
  return data as T;
}
