"use client";

import { api, ApiError, messageOf } from "@/lib/client/api";

/**
 * Admin screens' calls: the session cookie authenticates them. Failures read as the spec's
 * admin texts: 401 → authentication failed, 403 → admin privileges required, else `fallback`.
 */
export async function adminApi<T>(path: string, options: Parameters<typeof api>[1] = {}): Promise<T> {
  return api<T>(path, { ...options, allow401: true });
}

export function adminError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return error.data.msg === "Authentication required" ? "Authentication required. Please log in again." : "Authentication failed. Please log in again.";
    }
    if (error.status === 403) return "Access denied. Admin privileges required.";
  }
  return fallback;
}

/** For forms where the server's validation message helps the admin (e.g. promo creation). */
export function adminFormError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return adminError(error, fallback);
  return messageOf(error, fallback);
}

export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const usd = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });
export const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-US") : "—");
