import { useMutation, useQuery, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { BulkInput, GenerateInput } from "@/lib/services/generation/schemas";
import { aiKeys } from "./ai";
import type { BatchStartedJson, BatchStatusJson, GenerateJson } from "@/lib/responses/generation";

/** Query and mutation keys of e-mail generation (single rows and batches). */
export const generationKeys = {
  all: ["generation"] as const,
  batch: (batchId: string) => [...generationKeys.all, "batch", batchId] as const,
  generateRow: () => [...generationKeys.all, "generate-row"] as const,
};

/** Batch polling interval. */
const BATCH_POLL_MS = 1_000;
/** Polls in a row that may fail before polling gives up ('Batch processing error: ...'). */
const POLL_ATTEMPTS = 3;

const TERMINAL: ReadonlyArray<BatchStatusJson["status"]> = ["completed", "failed", "cancelled"];

export function isTerminalStatus(status: BatchStatusJson["status"]): boolean {
  return TERMINAL.includes(status);
}

function fetchBatchStatus(batchId: string): Promise<BatchStatusJson> {
  return api<BatchStatusJson>(`/api/ai/batch-status/${encodeURIComponent(batchId)}`);
}

/**
 * A batch's status, polled every second until it is completed, failed or cancelled. TanStack
 * Query never starts a poll while the previous one is in flight, so slow answers never pile up.
 * `onPoll` runs inside each poll once the status is read (the generator pulls the rows that
 * changed and, at a terminal status, wraps up); a failure of either is a failed poll, retried
 * a second later, and after three failures in a row the query ends in error and polling stops.
 */
export function useBatchStatus(batchId: string | null, onPoll: (status: BatchStatusJson) => Promise<void>) {
  return useQuery({
    queryKey: generationKeys.batch(batchId ?? ""),
    queryFn: async () => {
      const status = await fetchBatchStatus(batchId!);
      await onPoll(status);
      return status;
    },
    enabled: Boolean(batchId),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      return query.state.status === "error" || (data && isTerminalStatus(data.status)) ? false : BATCH_POLL_MS;
    },
    refetchIntervalInBackground: true,
    retry: POLL_ATTEMPTS - 1,
    retryDelay: BATCH_POLL_MS,
  });
}

export interface GenerateRowVariables {
  /** The table row (database id) being generated, for the screen's "Generating..." state. */
  rowId: number;
  input: GenerateInput;
}

type Callbacks<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  "onMutate" | "onSuccess" | "onError" | "onSettled"
>;

/**
 * `POST /api/ai/generate`: one row (a Retry is the same call with `isRetry`). The callbacks run
 * for every call, even when several rows are generating at once; credits are re-read after each.
 */
export function useGenerateRow(callbacks: Callbacks<GenerateJson, GenerateRowVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: generationKeys.generateRow(),
    mutationFn: ({ input }: GenerateRowVariables) => api<GenerateJson>("/api/ai/generate", { body: input }),
    ...callbacks,
    onSettled: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: aiKeys.credits() });
      await callbacks.onSettled?.(...args);
    },
  });
}

/** `POST /api/ai/bulk-batched`: reserves the credits and starts the batch. */
export function useStartBatch(callbacks: Callbacks<BatchStartedJson, BulkInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkInput) => api<BatchStartedJson>("/api/ai/bulk-batched", { body: input }),
    ...callbacks,
    onSettled: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: aiKeys.credits() });
      await callbacks.onSettled?.(...args);
    },
  });
}

/** `POST /api/ai/cancel-batch/{id}`: rows not started are refunded at once (`creditsRefunded`). */
export function useCancelBatch(callbacks: Callbacks<BatchStatusJson & { msg: string }, string> = {}) {
  return useMutation({
    mutationFn: (batchId: string) =>
      api<BatchStatusJson & { msg: string }>(`/api/ai/cancel-batch/${encodeURIComponent(batchId)}`, { body: {} }),
    ...callbacks,
  });
}

export type BatchControlAction = "pause" | "resume";

/**
 * `POST /api/ai/pause-batch/{id}` and `POST /api/ai/resume-batch/{id}`: the answer is the batch's
 * status, written into the polled status at once so the panel shows Paused / Resume without waiting.
 */
export function useBatchControl(callbacks: Callbacks<BatchStatusJson & { msg: string }, BatchControlVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, action }: BatchControlVariables) =>
      api<BatchStatusJson & { msg: string }>(`/api/ai/${action}-batch/${encodeURIComponent(batchId)}`, { body: {} }),
    ...callbacks,
    onSuccess: async (status, variables, ...rest) => {
      queryClient.setQueryData(generationKeys.batch(variables.batchId), status);
      await callbacks.onSuccess?.(status, variables, ...rest);
    },
  });
}

export interface BatchControlVariables {
  batchId: string;
  action: BatchControlAction;
}
