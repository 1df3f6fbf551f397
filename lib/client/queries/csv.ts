import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { CsvFileSummary, RowUsageJson } from "@/lib/responses/csv";

/**
 * Query keys of the CSV files. The generator keeps the open file in its own store (delta sync,
 * optimistic cell edits); these keys serve the lists and one-off reads.
 */
const csvKeys = {
  all: ["csv"] as const,
  list: () => [...csvKeys.all, "list"] as const,
  recent: () => [...csvKeys.all, "recent"] as const,
  detail: (id: string) => [...csvKeys.all, "detail", id] as const,
  rowUsage: (id: string, rowId: number) => [...csvKeys.all, "detail", id, "row-usage", rowId] as const,
};

/** Tokens, cost and model of a row's newest generation (the AI Response viewer); read when it opens. */
export function useRowUsage(csvId: string | null, rowId: number | null) {
  return useQuery({
    queryKey: csvKeys.rowUsage(csvId ?? "", rowId ?? 0),
    queryFn: () =>
      api<RowUsageJson>(`/api/csv/${encodeURIComponent(csvId!)}/rows/${encodeURIComponent(String(rowId))}/usage`),
    enabled: Boolean(csvId) && rowId !== null,
    staleTime: 0,
  });
}

const fetchRecentCsvFiles = () => api<CsvFileSummary[]>("/api/csv/recent");

/** The dashboard's "Recent CSV Files": read again on every visit, so an import made meanwhile shows. */
export function useRecentCsvFiles() {
  return useQuery({ queryKey: csvKeys.recent(), queryFn: fetchRecentCsvFiles, refetchOnMount: "always" });
}

/**
 * `DELETE /api/csv/{id}`: the file leaves the lists at once and comes back if the server refuses
 * (the failure itself is not reported: spec).
 */
export function useDeleteCsvFile() {
  const queryClient = useQueryClient();
  const lists = [csvKeys.recent(), csvKeys.list()];
  return useMutation({
    mutationFn: (id: string) => api<{ msg: string }>(`/api/csv/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onMutate: async (id) => {
      await Promise.all(lists.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const previous = lists.map(
        (queryKey) => [queryKey, queryClient.getQueryData<CsvFileSummary[]>(queryKey)] as const,
      );
      for (const queryKey of lists) {
        queryClient.setQueryData<CsvFileSummary[]>(queryKey, (files) => files?.filter((f) => f._id !== id));
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [queryKey, files] of context?.previous ?? []) queryClient.setQueryData(queryKey, files);
    },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: csvKeys.detail(id) }),
    onSettled: () => Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
