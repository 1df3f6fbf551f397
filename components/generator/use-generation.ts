"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { AiSettings } from "@/lib/ai/defaults";
import { providerOfModelId } from "@/lib/ai/models";
import { isFailedRow } from "@/lib/ai/result";
import { hasCode } from "@/lib/client/api";
import { aiKeys } from "@/lib/client/queries/ai";
import {
  isTerminalStatus,
  useBatchControl,
  useBatchStatus,
  useCancelBatch,
  type BatchControlAction,
  useStartBatch,
} from "@/lib/client/queries/generation";
import { csvFileKey, syncChanges, type CsvEdits, type CsvTable } from "./csv-store";
import { EMPTY_PROMPT, errorText, finishedRunMessage } from "./generation-messages";
import { promptToRun } from "./last-used-config";
import { runOptionFields, type RunOptions } from "./run-options";
import { batchProgressOf, readSavedBatch, type SavedBatch } from "./saved-batch";
import { ACTIVE_BATCH_KEY, useSessionItem, writeSessionItem } from "./session-state";
import { useRowGeneration } from "./use-row-generation";
import type { TimedMessage } from "./use-timed-message";
import type { CreditsJson } from "@/lib/responses/ai";
import type { BatchStatusJson } from "@/lib/responses/generation";

/** Save-and-run starts after a 1 second delay. */
const SAVE_AND_RUN_DELAY_MS = 1000;
const NO_ROWS: ReadonlySet<number> = new Set();

/** `options`: the AI Configuration dialog's run options (approved rows as examples, overwrite approved rows). */
export type RunRequest = { config: AiSettings; rowIndices: number[]; options?: RunOptions };

function without(set: ReadonlySet<number>, ids: number[]): ReadonlySet<number> {
  if (!ids.some((id) => set.has(id))) return set;
  const next = new Set(set);
  ids.forEach((id) => next.delete(id));
  return next;
}

interface Options {
  table: CsvTable | null;
  config: AiSettings;
  credits: CreditsJson | null;
  edits: CsvEdits;
  show: (message: TimedMessage, persist?: boolean) => void;
  openLimit: () => void;
}

/** Single-row generation and bulk batches for the generator screen. */
export function useGeneration({ table, config, credits, edits, show, openLimit }: Options) {
  const queryClient = useQueryClient();
  const remaining = credits?.unlimited ? Infinity : (credits?.credits.remaining ?? Infinity);

  const singleRow = useRowGeneration({ table, config, remaining, edits, show, openLimit });

  // ---- Batches ----
  const saved = readSavedBatch(useSessionItem(ACTIVE_BATCH_KEY));
  // A batch still running when the page was reloaded is picked up again (for its own file).
  const batchId = saved && table && saved.csvId === table.id ? saved.batchId : null;
  const [batchRows, setBatchRows] = useState<ReadonlySet<number>>(NO_ROWS);
  // The rows of the run started here (null after a reload), and the failed rows a batch-mode run left.
  const runRowIds = useRef<number[] | null>(null);
  const [failedRowIds, setFailedRowIds] = useState<number[]>([]);
  const startBatch = useStartBatch();
  const control = useBatchControl({
    onError: (error, { action }) =>
      show({ kind: "error", text: `Failed to ${action} email generation: ${errorText(error)}` }, true),
  });
  const cancel = useCancelBatch({
    onError: (error) => show({ kind: "error", text: `Failed to stop email generation: ${errorText(error)}` }, true),
  });

  /** The run's failed rows (all the file's failed rows when the run was picked up after a reload). */
  function failedRowsOf(csvId: string): number[] {
    const rows = queryClient.getQueryData<CsvTable>(csvFileKey(csvId))?.rows ?? [];
    const ofRun = runRowIds.current ? new Set(runRowIds.current) : null;
    return rows.filter((r) => isFailedRow(r.data) && (!ofRun || ofRun.has(r.id))).map((r) => r.id);
  }

  /**
   * At a terminal status: polling stops, credits are re-read, and the status message shows for 3 s.
   * A batch-mode run with failed rows offers to re-run them in standard mode (the message stays).
   */
  function finish(status: BatchStatusJson, csvId: string) {
    writeSessionItem(ACTIVE_BATCH_KEY, null);
    setBatchRows(NO_ROWS);
    cancel.reset();
    void queryClient.invalidateQueries({ queryKey: aiKeys.credits() });
    const failedRows =
      status.mode === "batch" && status.failed > 0 && status.status !== "cancelled" ? failedRowsOf(csvId) : [];
    setFailedRowIds(failedRows);
    const { message, persist } = finishedRunMessage(status, failedRows.length > 0);
    show(message, persist);
  }

  // Each poll reads the progress and, when it moved (and at the end), pulls the rows that changed
  //: a watched run costs the app at most 2 requests a second, usually fewer.
  const lastProgress = useRef<string | null>(null);
  const poll = useBatchStatus(batchId, async (status) => {
    if (!saved) return;
    const progress = `${status.batchId}:${status.progress.processed}:${status.failed}`;
    const moved = progress !== lastProgress.current;
    lastProgress.current = progress;
    if (!moved && !isTerminalStatus(status.status)) return;
    const changed = await syncChanges(queryClient, saved.csvId);
    if (changed.length) setBatchRows((current) => without(current, changed));
    if (isTerminalStatus(status.status)) finish(status, saved.csvId);
  });

  function startRun({ config: runConfig, rowIndices, options }: RunRequest) {
    if (!table) return;
    if (remaining < rowIndices.length) {
      const text = `Not enough credits available. You have ${remaining} credits remaining but are trying to process ${rowIndices.length} emails.`;
      show({ kind: "error", text }, true);
      return openLimit();
    }
    const prompt = promptToRun(runConfig);
    if (!prompt) return show({ kind: "error", text: EMPTY_PROMPT }, true);
    const csvId = table.id;
    const rowIds = rowIndices.flatMap((i) => (table.rows[i] ? [table.rows[i].id] : []));
    setFailedRowIds([]);
    startBatch.mutate(
      {
        prompt,
        jsonSchema: runConfig.jsonSchema,
        model: runConfig.selectedModel,
        useCase: runConfig.useCase,
        rowIds,
        connectionId: runConfig.connectionId,
        csvId,
        onlyRunIf: runConfig.onlyRunIf,
        maxCostUsd: runConfig.maxCostUsd,
        ...runOptionFields(options),
      },
      {
        onSuccess: ({ batchId: id, total }) => {
          runRowIds.current = rowIds;
          setBatchRows(new Set(rowIds));
          const provider = providerOfModelId(runConfig.selectedModel);
          const savedBatch: SavedBatch = { batchId: id, csvId, total, provider };
          writeSessionItem(ACTIVE_BATCH_KEY, JSON.stringify(savedBatch));
        },
        onError: (error) => {
          if (hasCode(error, "credit_limit", "daily_credit_limit")) {
            const available = error.data.availableCredits ?? 0;
            const requested = error.data.requestedCredits ?? rowIndices.length;
            show(
              {
                kind: "error",
                text: `Credit limit exceeded. You have ${available} credits available but requested ${requested}.`,
              },
              true,
            );
            openLimit();
          } else show({ kind: "error", text: `Failed to generate emails: ${errorText(error)}` }, true);
        },
      },
    );
  }

  /** Save-and-run starts after a 1 second delay. */
  function runAfterSave(run: RunRequest) {
    setTimeout(() => startRun(run), SAVE_AND_RUN_DELAY_MS);
  }

  const batch = batchId && saved && !poll.isError ? batchProgressOf(saved, poll.data) : null;

  /** "Re-run N failed rows in standard mode": a standard bulk run over the rows (still in the file). */
  function rerunFailed() {
    if (!table) return;
    const indices = failedRowIds.map((id) => table.rows.findIndex((r) => r.id === id)).filter((i) => i >= 0);
    show(null);
    // The failed rows hold the error text: Only Run If ("!{{Email Body}}", say) must not leave them out.
    const options = { useApprovedExamples: false, overwriteApproved: false, mode: "standard" as const };
    if (indices.length) startRun({ config: { ...config, onlyRunIf: "" }, rowIndices: indices, options });
    else setFailedRowIds([]);
  }

  return {
    /** Failed rows a finished batch-mode run left, to re-run in standard mode (0: no offer). */
    failedRows: failedRowIds.length,
    rerunFailed,
    isGenerating: (rowId: number) => batchRows.has(rowId) || singleRow.isRowGenerating(rowId),
    batch,
    stopping: cancel.isPending || (cancel.isSuccess && cancel.variables === batchId),
    /** Polling gave up (three failed polls in a row). */
    pollError: poll.isError ? `Batch processing error: ${errorText(poll.error)}` : "",
    generateOne: singleRow.generateOne,
    runAfterSave,
    /** Starts a bulk run at once (no saved configuration to wait for: "Regenerate flagged rows"). */
    startRun,
    stop: () => batchId && cancel.mutate(batchId),
    /** Pause (rows in flight finish, no new one starts) or resume the running batch. */
    control: (action: BatchControlAction) => batchId && control.mutate({ batchId, action }),
    controlling: control.isPending,
  };
}
