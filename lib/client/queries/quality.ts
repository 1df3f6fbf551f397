import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { ChangesJson } from "@/lib/responses/csv";
import type { FileQualityJson, RowApprovalJson } from "@/lib/responses/quality";

/** Query keys of the generated rows' quality (flags and approvals), per CSV file. */
const qualityKeys = {
  all: ["quality"] as const,
  file: (csvId: string) => [...qualityKeys.all, "file", csvId] as const,
};

/** A generated row's flags and approval, as the screen keeps them (by row id). */
export type QualityRowJson = Pick<FileQualityJson["rows"][number], "rowId" | "flags" | "approved">;

/** The screen's copy of a file's quality: read once, then kept current by the file's changes. */
interface FileQualityView {
  rows: QualityRowJson[];
}

/** A changed row as `changes?since=` carries it. */
type ChangedRow = ChangesJson["rows"][number];

const fileUrl = (csvId: string) => `/api/csv/${encodeURIComponent(csvId)}`;

/** Changes merged while a file's quality was being read: applied to that read's answer when it arrives. */
const mergedDuringRead = new Map<string, ChangedRow[]>();

/** The rows with their changes applied: a row without flags (never generated) or deleted leaves the list. */
function withChanges(quality: FileQualityView, changed: ChangedRow[]): FileQualityView {
  const byId = new Map(quality.rows.map((r) => [r.rowId, r]));
  for (const row of changed) {
    if (row.deleted || row.flags === null) byId.delete(row._id);
    else byId.set(row._id, { rowId: row._id, flags: row.flags, approved: row.approved });
  }
  return { rows: [...byId.values()] };
}

/**
 * Called with every answer of `changes?since=` that carried rows: their flags and approval go into
 * the screen's copy, so a watched run needs no whole-file quality read.
 */
export function mergeQualityChanges(queryClient: QueryClient, csvId: string, changed: ChangedRow[]): void {
  if (changed.length === 0) return;
  mergedDuringRead.get(csvId)?.push(...changed);
  queryClient.setQueryData<FileQualityView>(qualityKeys.file(csvId), (quality) =>
    quality ? withChanges(quality, changed) : quality,
  );
}

/** Reads the whole file's quality again (after every row of the file was replaced). */
export function refreshFileQuality(queryClient: QueryClient, csvId: string): void {
  void queryClient.invalidateQueries({ queryKey: qualityKeys.file(csvId), exact: true });
}

/** `GET /api/csv/{id}/quality`, read when the file opens: flags and approval of every generated row. */
export function useFileQuality(csvId: string | null) {
  return useQuery({
    queryKey: qualityKeys.file(csvId ?? ""),
    queryFn: async ({ signal }): Promise<FileQualityView> => {
      const merged: ChangedRow[] = [];
      mergedDuringRead.set(csvId!, merged);
      try {
        const answer = await api<FileQualityJson>(`${fileUrl(csvId!)}/quality`, { signal });
        return withChanges(
          { rows: answer.rows.map(({ rowId, flags, approved }) => ({ rowId, flags, approved })) },
          merged,
        );
      } finally {
        if (mergedDuringRead.get(csvId!) === merged) mergedDuringRead.delete(csvId!);
      }
    },
    enabled: Boolean(csvId),
    refetchOnMount: "always",
  });
}

interface ApproveVariables {
  rowId: number;
  approved: boolean;
}

/**
 * `POST` (approve) / `DELETE` (take back) `/api/csv/{id}/rows/{rowId}/approve`. The check mark
 * changes at once and goes back if the server refuses (the file's next changes carry it too).
 */
export function useApproveRow(csvId: string | null) {
  const queryClient = useQueryClient();
  const key = qualityKeys.file(csvId ?? "");
  const setApproved = (rowId: number, approved: boolean) =>
    queryClient.setQueryData<FileQualityView>(key, (quality) =>
      quality ? { ...quality, rows: quality.rows.map((r) => (r.rowId === rowId ? { ...r, approved } : r)) } : quality,
    );
  return useMutation({
    mutationFn: ({ rowId, approved }: ApproveVariables) =>
      api<RowApprovalJson>(`${fileUrl(csvId!)}/rows/${rowId}/approve`, { method: approved ? "POST" : "DELETE" }),
    onMutate: async ({ rowId, approved }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<FileQualityView>(key)?.rows.find((r) => r.rowId === rowId)?.approved;
      setApproved(rowId, approved);
      return { previous };
    },
    onError: (_error, { rowId }, context) => {
      if (context?.previous !== undefined) setApproved(rowId, context.previous);
    },
  });
}
