/** Browser-side JSON client for the app's API. The session travels in an httpOnly cookie. */

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly data: Record<string, unknown>,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const UNAUTHORIZED_EVENT = "app:unauthorized";

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Do not treat a 401 as "session gone" (the login call itself). */
  allow401?: boolean;
}

/** The server's message: `msg`, or `message` (registration), else the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const text = error.data.msg ?? error.data.message;
    if (typeof text === "string" && text.trim()) return text;
  }
  return fallback;
}

export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await fetch(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: options.body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "same-origin",
    cache: "no-store",
    signal: options.signal,
  });
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
    throw new ApiError(res.status, body, typeof body.msg === "string" ? body.msg : `Request failed (${res.status})`);
  }
  return data as T;
}
