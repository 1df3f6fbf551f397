import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { makeConfigSchema, zapierConfigSchema } from "@/lib/services/integrations/schemas";
import { api } from "@/lib/client/api";
import type {
  MakeConfigJson,
  MakeConfigSavedJson,
  WebhookTestJson,
  ZapierConfigJson,
  ZapierConfigSavedJson,
} from "@/lib/responses/integrations";

/** Query keys of the automation integrations (Make, Zapier), used by the dashboard and the generator's export menu. */
const integrationKeys = {
  all: ["integrations"] as const,
  make: () => [...integrationKeys.all, "make"] as const,
  zapier: () => [...integrationKeys.all, "zapier"] as const,
};

const MAKE_NOT_CONFIGURED: MakeConfigJson = {
  webhookUrl: "",
  hasSecret: false,
  isConfigured: false,
  lastUpdated: null,
  lastDelivery: null,
};
const ZAPIER_NOT_CONFIGURED: ZapierConfigJson = {
  webhookUrl: "",
  isConfigured: false,
  lastUpdated: null,
  lastDelivery: null,
};

// A failed read counts as "not configured": these reads never fail.
const fetchMakeConfig = () => api<MakeConfigJson>("/api/webhooks/config").catch(() => MAKE_NOT_CONFIGURED);
const fetchZapierConfig = () => api<ZapierConfigJson>("/api/zapier/config").catch(() => ZAPIER_NOT_CONFIGURED);

function useMakeConfig() {
  return useQuery({ queryKey: integrationKeys.make(), queryFn: fetchMakeConfig });
}

function useZapierConfig() {
  return useQuery({ queryKey: integrationKeys.zapier(), queryFn: fetchZapierConfig });
}

/** Both configs, "not configured" until read: what the cards and the export menu need. */
export function useIntegrations() {
  const make = useMakeConfig();
  const zapier = useZapierConfig();
  return {
    make: make.data ?? MAKE_NOT_CONFIGURED,
    zapier: zapier.data ?? ZAPIER_NOT_CONFIGURED,
    loaded: make.isSuccess && zapier.isSuccess,
  };
}

/** `POST /webhooks/config`; settles once the config (and its card) is read again. */
export function useSaveMakeConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof makeConfigSchema>) =>
      api<MakeConfigSavedJson>("/api/webhooks/config", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.make() }),
  });
}

/** `POST /webhooks/test`: a delivery either way, so the last delivery is read again after it. */
export function useTestMakeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<WebhookTestJson>("/api/webhooks/test", { body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.make() }),
  });
}

/** `POST /zapier/config`. */
export function useSaveZapierConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof zapierConfigSchema>) =>
      api<ZapierConfigSavedJson>("/api/zapier/config", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.zapier() }),
  });
}

/** After an export (a delivery), the last delivery of that integration changed. */
export function useDeliveryRecorded() {
  const queryClient = useQueryClient();
  return (kind: "make" | "zapier") => queryClient.invalidateQueries({ queryKey: integrationKeys[kind]() });
}
