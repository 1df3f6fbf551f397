import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { FileQualityJson, RowApprovalJson } from "@/lib/services/quality/file-quality";

/** Query keys of the generated rows' quality (flags and approvals), per CSV file. */
const qualityKeys = {
  all: ["quality"] as const,
  file: (csvId: string) => [...qualityKeys.all, "file", csvId] as const,
};

export type QualityRowJson = FileQualityJson["rows"][number];

const fileUrl = (csvId: string) => `/api/csv/${encodeURIComponent(csvId)}`;

/**
 * Files whose rows changed while their quality was being read: that answer may predate the change,
 * so the file is read once more as soon as it arrives (see `refetchInterval` below).
 */
const changedWhileReading = new Set<string>();
/** How soon a file whose rows changed during a read is read again. */
const AGAIN_MS = 200;

/**
 * Called whenever the generator's CSV store learns that rows changed (each batch poll that pulled
 * changes, a finished single generation, an edit, a deleted row). Requests never overlap: while a
 * read is in flight the change is remembered and one more read follows it — so during a batch the
 * flags are read about once a second at most, however slow a large file's answer is, and the last
 * change of a batch is never missed.
 */
export function refreshFileQuality(queryClient: QueryClient, csvId: string): void {
  const key = qualityKeys.file(csvId);
  if (queryClient.getQueryState(key)?.fetchStatus === "fetching") changedWhileReading.add(csvId);
  else void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** `GET /api/csv/{id}/quality`: flags and approval of every generated row of the file. */
export function useFileQuality(csvId: string | null) {
  return useQuery({
    queryKey: qualityKeys.file(csvId ?? ""),
    queryFn: ({ signal }) => {
      changedWhileReading.delete(csvId!);
      return api<FileQualityJson>(`${fileUrl(csvId!)}/quality`, { signal });
    },
    enabled: Boolean(csvId),
    refetchOnMount: "always",
    refetchInterval: () => (csvId && changedWhileReading.has(csvId) ? AGAIN_MS : false),
  });
}

interface ApproveVariables {
  rowId: number;
  approved: boolean;
}

/**
 * `POST` (approve) / `DELETE` (take back) `/api/csv/{id}/rows/{rowId}/approve`. The check mark
 * changes at once and goes back if the server refuses.
 */
export function useApproveRow(csvId: string | null) {
  const queryClient = useQueryClient();
  const key = qualityKeys.file(csvId ?? "");
  const setApproved = (rowId: number, approved: boolean) =>
    queryClient.setQueryData<FileQualityJson>(key, (quality) =>
      quality ? { ...quality, rows: quality.rows.map((r) => (r.rowId === rowId ? { ...r, approved } : r)) } : quality,
    );
  return useMutation({
    mutationFn: ({ rowId, approved }: ApproveVariables) =>
      api<RowApprovalJson>(`${fileUrl(csvId!)}/rows/${rowId}/approve`, { method: approved ? "POST" : "DELETE" }),
    onMutate: async ({ rowId, approved }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<FileQualityJson>(key)?.rows.find((r) => r.rowId === rowId)?.approved;
      setApproved(rowId, approved);
      return { previous };
    },
    onError: (_error, { rowId }, context) => {
      if (context?.previous !== undefined) setApproved(rowId, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}
