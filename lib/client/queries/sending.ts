import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/client/api";
import { isPushOver } from "@/lib/client/push-text";
import type { PushMappingInput } from "@/lib/sending/lead-fields";
import { isSendingTool, type IntegrationService } from "@/lib/sending/tools";
import type {
  CampaignsJson,
  IntegrationConnectionJson,
  IntegrationConnectionsJson,
  PushDryRunJson,
  PushesJson,
  PushJson,
  PushStartedJson,
} from "@/lib/responses/sending";

/**
 * Query keys of the sending tools (Instantly, Smartlead, lemlist) and address checks (ZeroBounce):
 * the user's keys, each key's campaigns (read live from the tool), the pushes of a file and each push.
 */
const sendingKeys = {
  all: ["sending"] as const,
  connections: () => [...sendingKeys.all, "connections"] as const,
  campaigns: (connectionId: string) => [...sendingKeys.all, "campaigns", connectionId] as const,
  pushDefaults: (csvId: string, connectionId: string, campaignId: string) =>
    [...sendingKeys.all, "push-defaults", csvId, connectionId, campaignId] as const,
  filePushes: (csvId: string) => [...sendingKeys.all, "file-pushes", csvId] as const,
  push: (pushId: string) => [...sendingKeys.all, "push", pushId] as const,
};

/** The table's push-receipt badges read this key; a push that ends makes it stale. */
const pushReceiptsKey = (csvId: string) => ["push-receipts", csvId] as const;

/** How often a queued or running push is asked for its progress. */
const PUSH_POLL_MS = 1000;

const enc = encodeURIComponent;
const connectionUrl = (id: string) => `/api/integrations/connections/${enc(id)}`;
const pushUrl = (csvId: string) => `/api/csv/${enc(csvId)}/push`;

/** `GET /api/pushes/{id}/report`: the skipped and failed rows of a push, as a CSV download. */
export const pushReportUrl = (pushId: string) => `/api/pushes/${enc(pushId)}/report`;

/** A 4xx is an answer (gone, not ours, refused): asking again would not change it. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

// ---- Connections -------------------------------------------------------------------------------

export interface AddToolConnectionInput {
  service: IntegrationService;
  name: string;
  apiKey: string;
}

/** `GET /api/integrations/connections`: every key of the user, masked. */
export function useToolConnections() {
  return useQuery({
    queryKey: sendingKeys.connections(),
    queryFn: () => api<IntegrationConnectionsJson>("/api/integrations/connections").then((b) => b.connections),
  });
}

/** The keys of the sending tools only (the push dialog's choices; ZeroBounce checks addresses). */
export function useSendingConnections() {
  const query = useToolConnections();
  const sending = (query.data ?? []).filter((c) => isSendingTool(c.service));
  return { ...query, sending };
}

const connectionsChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sendingKeys.connections() });

/** `POST /api/integrations/connections`: the server checks the key with the tool before storing it. */
export function useAddToolConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToolConnectionInput) =>
      api<IntegrationConnectionJson>("/api/integrations/connections", { body: input }),
    onSuccess: () => connectionsChanged(queryClient),
  });
}

/** `PATCH /api/integrations/connections/{id}` (rename). */
export function useRenameToolConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<IntegrationConnectionJson>(connectionUrl(id), { method: "PATCH", body: { name } }),
    onSuccess: () => connectionsChanged(queryClient),
  });
}

/** `DELETE /api/integrations/connections/{id}`: its campaigns are forgotten too. */
export function useDeleteToolConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ msg: string }>(connectionUrl(id), { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: sendingKeys.campaigns(id) });
      return connectionsChanged(queryClient);
    },
  });
}

/** `GET /api/integrations/connections/{id}/campaigns`: live from the tool (slow, may fail: no retry). */
export function useCampaigns(connectionId: string | null) {
  return useQuery({
    queryKey: sendingKeys.campaigns(connectionId ?? ""),
    queryFn: ({ signal }) => api<CampaignsJson>(`${connectionUrl(connectionId!)}/campaigns`, { signal }),
    enabled: Boolean(connectionId),
    retry: false,
    staleTime: 60_000,
  });
}

// ---- Pushes ------------------------------------------------------------------------------------

/** `POST /api/csv/{id}/push`'s body. No `rowIds`: every row of the file. */
export interface PushRequest {
  connectionId: string;
  campaignId: string;
  rowIds?: number[];
  mapping?: PushMappingInput;
  includeFlagged?: boolean;
  repush?: boolean;
}

/**
 * The dry run without a mapping: what the server would do by default, above all the mapping it
 * chose (the form starts from it). Nothing is sent to the tool nor stored.
 */
export function usePushDefaults(csvId: string, connectionId: string | null, campaignId: string | null) {
  return useQuery({
    queryKey: sendingKeys.pushDefaults(csvId, connectionId ?? "", campaignId ?? ""),
    queryFn: ({ signal }) =>
      api<PushDryRunJson>(pushUrl(csvId), { body: { connectionId, campaignId, dryRun: true }, signal }),
    enabled: Boolean(connectionId && campaignId),
    retry: false,
  });
}

/** `POST /api/csv/{id}/push` with `dryRun: true`: the outcome of these choices, row by row. */
export function usePushDryRun(csvId: string) {
  return useMutation({
    mutationFn: (request: PushRequest) => api<PushDryRunJson>(pushUrl(csvId), { body: { ...request, dryRun: true } }),
  });
}

/** `POST /api/csv/{id}/push` → 202 `{ pushId }`: the worker does the rest. */
export function useStartPush(csvId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PushRequest) => api<PushStartedJson>(pushUrl(csvId), { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendingKeys.filePushes(csvId) }),
  });
}

/** A push just ended: the file's pushes and its rows' receipts are stale. */
function pushEnded(queryClient: QueryClient, push: PushJson) {
  void queryClient.invalidateQueries({ queryKey: sendingKeys.filePushes(push.csvId) });
  void queryClient.invalidateQueries({ queryKey: pushReceiptsKey(push.csvId) });
}

/** `GET /api/csv/{id}/pushes`, newest first (finds a push still running after the page was left). */
export function useFilePushes(csvId: string | null, enabled = true) {
  return useQuery({
    queryKey: sendingKeys.filePushes(csvId ?? ""),
    queryFn: ({ signal }) => api<PushesJson>(`/api/csv/${enc(csvId!)}/pushes`, { signal }).then((b) => b.pushes),
    enabled: enabled && Boolean(csvId),
    staleTime: 0,
  });
}

/**
 * One push, asked every second while it is queued or running. When it is seen ending, the file's
 * pushes and the table's receipts are read again.
 */
export function usePush(pushId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sendingKeys.push(pushId ?? ""),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PushJson>(sendingKeys.push(pushId!));
      const push = await api<PushJson>(`/api/pushes/${enc(pushId!)}`, { signal });
      if (isPushOver(push) && !isPushOver(before)) pushEnded(queryClient, push);
      return push;
    },
    enabled: pushId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isPushOver(query.state.data) || isFinal(query.state.error) ? false : PUSH_POLL_MS),
  });
}

/** `POST /api/pushes/{id}/cancel`: the answer is the push as it stands. */
export function useCancelPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pushId: string) => api<PushJson>(`/api/pushes/${enc(pushId)}/cancel`, { body: {} }),
    onSuccess: (push) => {
      const before = queryClient.getQueryData<PushJson>(sendingKeys.push(push.id));
      queryClient.setQueryData(sendingKeys.push(push.id), push);
      if (isPushOver(push) && !isPushOver(before)) pushEnded(queryClient, push);
    },
  });
}
