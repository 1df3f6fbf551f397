import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { PreviewInput } from "@/lib/services/generation/schemas";
import { aiKeys } from "./ai";
import type { KeepPreviewJson, PreviewJson } from "@/lib/responses/quality";

/** Mutation keys of previews (nothing is cached: a preview is shown once, then kept or discarded). */
const previewKeys = {
  all: ["preview"] as const,
  run: () => [...previewKeys.all, "run"] as const,
  keep: () => [...previewKeys.all, "keep"] as const,
};

/**
 * `POST /api/ai/preview`: the dialog's unsaved configuration on up to 5 rows (the first 3 its condition
 * selects when `rowsToProcess` is absent). Writes nothing to the file; trial users spend a credit per
 * row, so the credits are read again afterwards.
 */
export function useRunPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: previewKeys.run(),
    mutationFn: (input: PreviewInput) => api<PreviewJson>("/api/ai/preview", { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.credits() }),
  });
}

/**
 * `POST /api/ai/preview/{id}/keep`: writes the previewed results into their rows and approves them
 * (no provider call, no credit). The caller pulls the changed rows into its table.
 */
export function useKeepPreview() {
  return useMutation({
    mutationKey: previewKeys.keep(),
    mutationFn: (previewId: string) =>
      api<KeepPreviewJson>(`/api/ai/preview/${encodeURIComponent(previewId)}/keep`, { method: "POST", body: {} }),
  });
}
