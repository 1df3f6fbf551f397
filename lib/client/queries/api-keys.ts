import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { CreateApiKeyInput } from "@/lib/services/api-keys/schemas";
import type { MessageJson } from "@/lib/responses/common";
import type { ApiKeyJson, CreatedApiKeyJson } from "@/lib/responses/system";

/** Query keys of the user's API keys for external programs (settings page). */
const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => [...apiKeyKeys.all, "list"] as const,
};

const fetchApiKeys = () => api<ApiKeyJson[]>("/api/keys");

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: fetchApiKeys });
}

/** `POST /api/keys`: the answer (with the key, shown once) goes to the caller; the list is read again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api<CreatedApiKeyJson>("/api/keys", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}

/** `DELETE /api/keys/{id}`: the key leaves the list at once, and comes back if the server refuses. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageJson>(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: apiKeyKeys.list() });
      const previous = queryClient.getQueryData<ApiKeyJson[]>(apiKeyKeys.list());
      queryClient.setQueryData<ApiKeyJson[]>(apiKeyKeys.list(), (keys) => keys?.filter((k) => k.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(apiKeyKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
