"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/client/api";

export interface LastDelivery {
  status: "success" | "failed";
  statusCode: number | null;
  rows: number;
  attempts: number;
  error: string | null;
  at: string;
}

export interface MakeConfig {
  webhookUrl: string;
  webhookSecret?: string;
  isConfigured: boolean;
  lastUpdated: string | null;
  lastDelivery: LastDelivery | null;
}

export interface ZapierConfig {
  webhookUrl: string;
  isConfigured: boolean;
  lastDelivery: LastDelivery | null;
}

const NOT_CONFIGURED = { webhookUrl: "", isConfigured: false, lastUpdated: null, lastDelivery: null };

/** Both automation configs; a failed read counts as "not configured" (spec). */
export function useIntegrations() {
  const [make, setMake] = useState<MakeConfig>(NOT_CONFIGURED);
  const [zapier, setZapier] = useState<ZapierConfig>(NOT_CONFIGURED);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    const [m, z] = await Promise.all([api<MakeConfig>("/api/webhooks/config").catch(() => NOT_CONFIGURED), api<ZapierConfig>("/api/zapier/config").catch(() => NOT_CONFIGURED)]);
    setMake(m);
    setZapier(z);
    setLoaded(true);
  }, []);

  useEffect(() => {
    let cancelled = false;
    Promise.all([api<MakeConfig>("/api/webhooks/config").catch(() => NOT_CONFIGURED), api<ZapierConfig>("/api/zapier/config").catch(() => NOT_CONFIGURED)]).then(([m, z]) => {
      if (cancelled) return;
      setMake(m);
      setZapier(z);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { make, zapier, loaded, refresh };
}
