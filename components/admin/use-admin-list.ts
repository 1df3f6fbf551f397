"use client";

import { useCallback, useEffect, useState } from "react";
import { adminApi, adminError } from "./admin-api";

interface Result<T> {
  url: string;
  data: T | null;
  error: string;
  /** When the answer arrived (e.g. to judge expiry dates against). */
  at: number;
}

/**
 * Loads an admin list for the current request URL. It is "loading" while the answer on screen
 * belongs to another URL (the previous rows stay visible, dimmed); `reload` asks again.
 */
export function useAdminList<T>(url: string, failure: string) {
  const [reloads, setReloads] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  useEffect(() => {
    let cancelled = false;
    adminApi<T>(url)
      .then((data) => !cancelled && setResult({ url, data, error: "", at: Date.now() }))
      .catch((err) => !cancelled && setResult({ url, data: null, error: adminError(err, failure), at: Date.now() }));
    return () => {
      cancelled = true;
    };
  }, [url, reloads, failure]);

  const loading = result?.url !== url;
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { data: result?.data ?? null, loading, error: loading ? "" : (result?.error ?? ""), at: result?.at ?? 0, reload };
}
