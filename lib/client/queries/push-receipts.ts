import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { PushReceiptsJson } from "@/lib/responses/sending";

/** One place a row was pushed: a campaign of a sending tool. */
export type PushReceiptJson = PushReceiptsJson["receipts"][number];

/** The query key of a file's push receipts: `["push-receipts", csvId]` (a push invalidates it when it ends). */
const pushReceiptsKey = (csvId: string) => ["push-receipts", csvId] as const;

const NO_RECEIPTS: ReadonlyMap<number, PushReceiptJson[]> = new Map();

/** The receipts by row id, each row's newest first. */
export function receiptsByRow(receipts: readonly PushReceiptJson[]): ReadonlyMap<number, PushReceiptJson[]> {
  const byRow = new Map<number, PushReceiptJson[]>();
  for (const receipt of receipts) {
    const list = byRow.get(receipt.rowId);
    if (list) list.push(receipt);
    else byRow.set(receipt.rowId, [receipt]);
  }
  for (const list of byRow.values()) list.sort((a, b) => Date.parse(b.pushedAt) - Date.parse(a.pushedAt));
  return byRow;
}

/**
 * `GET /api/csv/{id}/push-receipts`: where each row of the file was pushed, by row id. Receipts are
 * extra information: when the read fails (or the server has no such endpoint) there are none, and
 * no error is shown.
 */
export function usePushReceipts(csvId: string | null) {
  const query = useQuery({
    queryKey: pushReceiptsKey(csvId ?? ""),
    queryFn: async ({ signal }) => {
      const answer = await api<PushReceiptsJson>(`/api/csv/${encodeURIComponent(csvId!)}/push-receipts`, {
        signal,
      }).catch(() => ({ receipts: [] }));
      return receiptsByRow(Array.isArray(answer.receipts) ? answer.receipts : []);
    },
    enabled: Boolean(csvId),
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? NO_RECEIPTS;
}
