import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { AiSettings } from "@/lib/ai/defaults";
import type { createConnectionSchema } from "@/lib/services/connections/schemas";
import type { AiSettingsInput } from "@/lib/services/ai-config/schemas";
import type { ModelWarning } from "@/lib/services/models/warning-types";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { api } from "@/lib/client/api";
import type {
  ConnectionJson,
  ConnectionsJson,
  CreditsJson,
  KeyCheckJson,
  ModelWarningsJson,
  ModelsJson,
  TemplateJson,
  UserAiConfigJson,
} from "@/lib/responses/ai";
import type { EstimateJson } from "@/lib/responses/usage";

/**
 * Query keys of the AI set-up (config, connections, models, templates, credits), shared by the
 * dashboard and the generator. Mutations invalidate the narrowest key that changed; a change of
 * connections also invalidates `config` (it lists them) and `models`.
 */
export const aiKeys = {
  all: ["ai"] as const,
  config: () => [...aiKeys.all, "config"] as const,
  connections: () => [...aiKeys.all, "connections"] as const,
  models: () => [...aiKeys.all, "models"] as const,
  templates: () => [...aiKeys.all, "templates"] as const,
  template: (id: string) => [...aiKeys.templates(), id] as const,
  credits: () => [...aiKeys.all, "credits"] as const,
  modelWarnings: () => [...aiKeys.all, "model-warnings"] as const,
  /** Keyed by the whole bulk payload: the same payload is estimated once and cached. */
  estimate: (payload: BulkInput) => [...aiKeys.all, "estimate", payload] as const,
};

const fetchAiConfig = () => api<UserAiConfigJson>("/api/ai/config");
/** `GET /api/ai/connections` answers `{ connections }`. */
const fetchConnections = () => api<ConnectionsJson>("/api/ai/connections").then((body) => body.connections);
const fetchModels = () => api<ModelsJson>("/api/ai/models");
const fetchTemplates = () => api<TemplateJson[]>("/api/ai/templates");
const fetchTemplate = (id: string) => api<TemplateJson>(`/api/ai/templates/${encodeURIComponent(id)}`);
const fetchModelWarnings = () => api<ModelWarningsJson>("/api/ai/model-warnings").then((body) => body.warnings);
const fetchCredits = () => api<CreditsJson>("/api/ai/credits");

export function useAiConfig(initialData?: UserAiConfigJson) {
  return useQuery({ queryKey: aiKeys.config(), queryFn: fetchAiConfig, initialData });
}

export function useConnections(initialData?: ConnectionJson[]) {
  return useQuery({ queryKey: aiKeys.connections(), queryFn: fetchConnections, initialData });
}

export function useModels() {
  return useQuery({ queryKey: aiKeys.models(), queryFn: fetchModels, staleTime: 5 * 60_000 });
}

export function useTemplates(initialData?: TemplateJson[]) {
  return useQuery({ queryKey: aiKeys.templates(), queryFn: fetchTemplates, initialData });
}

/**
 * One template (the View dialog). The list's copy is shown at once and counts as fresh as the
 * list; the detail is read again when that copy is stale.
 */
export function useTemplate(id: string | null, fromList?: TemplateJson) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: aiKeys.template(id ?? ""),
    queryFn: () => fetchTemplate(id!),
    enabled: id !== null,
    initialData: fromList,
    initialDataUpdatedAt: () => queryClient.getQueryState(aiKeys.templates())?.dataUpdatedAt,
  });
}

/** `PUT /api/ai/config`: the saved settings replace the cached ones at once. */
export function useSaveAiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AiSettingsInput) =>
      api<{ msg: string; aiConfig: AiSettings }>("/api/ai/config", { method: "PUT", body: settings }),
    onSuccess: ({ aiConfig }) => {
      queryClient.setQueryData<UserAiConfigJson>(aiKeys.config(), (old) => (old ? { ...old, aiConfig } : old));
      void queryClient.invalidateQueries({ queryKey: aiKeys.config() });
      void queryClient.invalidateQueries({ queryKey: aiKeys.modelWarnings() });
    },
  });
}

/** `POST /api/ai/templates` (the generator's Save Template). */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: AiSettingsInput & { name: string }) =>
      api<TemplateJson>("/api/ai/templates", { body: template }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.templates() }),
  });
}

export function useCredits(initialData?: CreditsJson | null) {
  return useQuery({ queryKey: aiKeys.credits(), queryFn: fetchCredits, initialData: initialData ?? undefined });
}

// ---- Changes (REST, one transport per resource) -------------------------------------------

export type CreateConnectionInput = z.input<typeof createConnectionSchema>;

/**
 * A connection changed: the list, the config (it lists them and names the active one), the
 * models of the active key and the templates (they show the connection's name). The returned
 * promise waits for the first two only (a provider's model list may take a while).
 */
function connectionsChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: aiKeys.models() });
  void queryClient.invalidateQueries({ queryKey: aiKeys.templates() });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: aiKeys.connections() }),
    queryClient.invalidateQueries({ queryKey: aiKeys.config() }),
  ]);
}

/** `POST /api/ai/connections`; settles once the lists that show connections are read again. */
export function useAddConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConnectionInput) => api<ConnectionJson>("/api/ai/connections", { body: input }),
    onSuccess: () => connectionsChanged(queryClient),
  });
}

/** `DELETE /api/ai/connections/{id}`. */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ msg: string }>(`/api/ai/connections/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => connectionsChanged(queryClient),
  });
}

/** `POST /api/ai/connections/{id}/activate` (may swap the selected model for the provider's default). */
export function useActivateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ msg: string }>(`/api/ai/connections/${encodeURIComponent(id)}/activate`, { method: "POST", body: {} }),
    onSuccess: () => connectionsChanged(queryClient),
  });
}

/** `POST /api/ai/connections/{id}/check`: asks the provider whether the saved key works (changes nothing). */
export function useCheckConnection() {
  return useMutation({
    mutationFn: (id: string) =>
      api<KeyCheckJson>(`/api/ai/connections/${encodeURIComponent(id)}/check`, { method: "POST", body: {} }),
  });
}

/** `DELETE /api/ai/templates/{id}`: removed from the cached list at once, then the list is read again. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ msg: string }>(`/api/ai/templates/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<TemplateJson[]>(aiKeys.templates(), (list) => list?.filter((t) => t._id !== id));
      queryClient.removeQueries({ queryKey: aiKeys.template(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: aiKeys.templates() });
    },
  });
}

/** `GET /api/ai/model-warnings`: settings on a model that is retired or shuts down within 30 days. */
export function useModelWarnings() {
  return useQuery({ queryKey: aiKeys.modelWarnings(), queryFn: fetchModelWarnings, staleTime: 60_000 });
}

/** Switches a warned config or template to its replacement model through the usual PUT endpoints. */
export function useSwitchModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warning: ModelWarning) => {
      const body = { selectedModel: warning.replacement ?? "" };
      return warning.kind === "config"
        ? api("/api/ai/config", { method: "PUT", body })
        : api(`/api/ai/templates/${encodeURIComponent(warning.id)}`, { method: "PUT", body });
    },
    onSuccess: (_data, warning) => {
      void queryClient.invalidateQueries({ queryKey: aiKeys.modelWarnings() });
      void queryClient.invalidateQueries({
        queryKey: warning.kind === "config" ? aiKeys.config() : aiKeys.templates(),
      });
    },
  });
}

const fetchEstimate = (payload: BulkInput) => api<EstimateJson>("/api/ai/estimate", { method: "POST", body: payload });

/** How long a payload has to stay unchanged (typing in the dialog) before it is estimated. */
const ESTIMATE_DEBOUNCE_MS = 400;

/**
 * `POST /api/ai/estimate` for a bulk payload (null: nothing to estimate). The payload is debounced
 * while it changes; each payload's estimate is cached for a minute. Never throws into the UI: a
 * refused payload leaves `data` empty and `error` set.
 */
export function useEstimate(payload: BulkInput | null) {
  const text = payload ? JSON.stringify(payload) : null;
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const current = settled === text && settled !== null ? (JSON.parse(settled) as BulkInput) : null;
  const query = useQuery({
    queryKey: aiKeys.estimate(current ?? {}),
    queryFn: () => fetchEstimate(current!),
    enabled: current !== null,
    staleTime: 60_000,
    retry: false,
  });
  return { ...query, pending: text !== null && (settled !== text || query.isPending) };
}
