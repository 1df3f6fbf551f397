"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/client/api";
import type { AiConfigJson, ConnectionInfo, CreditsInfo, ModelInfoJson, TemplateInfo } from "@/lib/client/ai-types";

interface ConfigResponse {
  aiConfig: AiConfigJson;
  connections: ConnectionInfo[];
}

/** The generator's AI set-up: saved configuration, connections, models, templates and credits. */
export function useAiSetup(initial: { config: AiConfigJson; connections: ConnectionInfo[]; credits: CreditsInfo | null }) {
  const [config, setConfig] = useState(initial.config);
  const [connections, setConnections] = useState(initial.connections);
  const [credits, setCredits] = useState<CreditsInfo | null>(initial.credits);
  const [models, setModels] = useState<ModelInfoJson[]>([]);
  const [templates, setTemplates] = useState<TemplateInfo[]>([]);

  const refreshConfig = useCallback(async () => {
    const res = await api<ConfigResponse>("/api/ai/config");
    setConfig(res.aiConfig);
    setConnections(res.connections);
    return res;
  }, []);

  // Credit-fetch failures are silently ignored (spec).
  const refreshCredits = useCallback(async () => {
    const next = await api<CreditsInfo>("/api/ai/credits").catch(() => null);
    if (next) setCredits(next);
    return next;
  }, []);

  const refreshModels = useCallback(async () => {
    const res = await api<{ models: ModelInfoJson[] }>("/api/ai/models").catch(() => null);
    if (res) setModels(res.models);
  }, []);

  const refreshTemplates = useCallback(async () => {
    const list = await api<TemplateInfo[]>("/api/ai/templates").catch(() => null);
    if (list) setTemplates(list);
  }, []);

  useEffect(() => {
    let cancelled = false;
    Promise.all([api<{ models: ModelInfoJson[] }>("/api/ai/models").catch(() => null), api<TemplateInfo[]>("/api/ai/templates").catch(() => null)]).then(([m, t]) => {
      if (cancelled) return;
      if (m) setModels(m.models);
      if (t) setTemplates(t);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { config, setConfig, connections, credits, models, templates, refreshConfig, refreshCredits, refreshModels, refreshTemplates };
}

export type AiSetup = ReturnType<typeof useAiSetup>;
