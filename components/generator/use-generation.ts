"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, messageOf } from "@/lib/client/api";
import { LAST_USED_CONFIG_KEY, type AiConfigJson } from "@/lib/client/ai-types";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { RunRequest } from "./ai-config-dialog";
import type { BatchProgress } from "./progress-panel";
import type { AiSetup } from "./use-ai-setup";
import type { CsvFileState, TableRow } from "./use-csv-file";
import type { TimedMessage } from "./use-timed-message";

const POLL_MS = 1000;
const SAVE_AND_RUN_DELAY_MS = 1000;
const ACTIVE_BATCH_KEY = "activeBatch";
const TERMINAL = ["completed", "failed", "cancelled"];

interface StatusResponse {
  status: string;
  progress: { processed: number; total: number };
  failed: number;
  error: string | null;
  creditsRefunded: number;
}

/** The prompt to run with: the configured one, else the one last saved in this browser. */
function promptOf(config: AiConfigJson): string {
  if (config.prompt.trim()) return config.prompt;
  try {
    return (JSON.parse(localStorage.getItem(LAST_USED_CONFIG_KEY) ?? "{}") as Partial<AiConfigJson>).prompt?.trim() ?? "";
  } catch {
    return "";
  }
}

/** Single-row generation and bulk batches for the generator screen. */
export function useGeneration(csv: CsvFileState, setup: AiSetup, show: (m: TimedMessage, persist?: boolean) => void, openLimit: () => void) {
  const [generating, setGenerating] = useState<Set<number>>(new Set());
  const [batch, setBatch] = useState<BatchProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  const failures = useRef(0);
  const mark = (ids: number[], on: boolean) =>
    setGenerating((cur) => {
      const next = new Set(cur);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });

  const remaining = () => (setup.credits?.unlimited ? Infinity : (setup.credits?.credits.remaining ?? Infinity));

  const generateOne = useCallback(
    async (row: TableRow, index: number, isRetry: boolean) => {
      const table = csv.table;
      if (!table) return;
      if (!isRetry && remaining() <= 0) {
        show({ kind: "error", text: "You have used all your daily email credits. Credits will reset tomorrow, or upgrade to our lifetime plan for unlimited emails." }, true);
        return openLimit();
      }
      const config = setup.config;
      const prompt = promptOf(config);
      if (!prompt) return show({ kind: "error", text: "Configuration error: Prompt cannot be empty" }, true);
      if (isRetry) csv.setTable((t) => t && { ...t, rows: t.rows.map((r) => (r.id === row.id ? { ...r, data: { ...r.data, [GENERATED_COLUMNS.subject]: "", [GENERATED_COLUMNS.body]: "" } } : r)) });
      mark([row.id], true);
      try {
        await api("/api/ai/generate", {
          body: { prompt, jsonSchema: config.jsonSchema, model: config.selectedModel, useCase: config.useCase, data: row.data, selectedRowIndex: index, connectionId: config.connectionId, csvId: table.id, isRetry },
        });
        show(null); // a previous error for this row no longer applies
      } catch (err) {
        if (err instanceof ApiError && err.status === 403 && err.data.msg === "Daily credit limit reached") {
          show({ kind: "error", text: "Daily credit limit reached. Upgrade to the lifetime plan for unlimited emails." }, true);
          openLimit();
        } else show({ kind: "error", text: `Error generating email: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` }, true);
      } finally {
        mark([row.id], false);
        await csv.syncChanges().catch(() => undefined);
        await setup.refreshCredits();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [csv, setup, show, openLimit],
  );

  const startRun = useCallback(
    async ({ config, rowIndices }: RunRequest) => {
      const table = csv.table;
      if (!table) return;
      if (remaining() < rowIndices.length) {
        show({ kind: "error", text: `Not enough credits available. You have ${remaining()} credits remaining but are trying to process ${rowIndices.length} emails.` }, true);
        return openLimit();
      }
      const prompt = promptOf(config);
      if (!prompt) return show({ kind: "error", text: "Configuration error: Prompt cannot be empty" }, true);
      try {
        const { batchId, total } = await api<{ batchId: string; total: number }>("/api/ai/bulk-batched", {
          body: { prompt, jsonSchema: config.jsonSchema, model: config.selectedModel, useCase: config.useCase, rowsToProcess: rowIndices, connectionId: config.connectionId, csvId: table.id, onlyRunIf: config.onlyRunIf },
        });
        mark(rowIndices.map((i) => table.rows[i]!.id), true);
        sessionStorage.setItem(ACTIVE_BATCH_KEY, JSON.stringify({ batchId, csvId: table.id }));
        setBatch({ id: batchId, status: "queued", processed: 0, total });
      } catch (err) {
        const msg = err instanceof ApiError ? err.data.msg : undefined;
        if (err instanceof ApiError && err.status === 403 && (msg === "Credit limit exceeded" || msg === "Daily credit limit reached")) {
          show({ kind: "error", text: `Credit limit exceeded. You have ${err.data.availableCredits ?? 0} credits available but requested ${err.data.requestedCredits ?? rowIndices.length}.` }, true);
          openLimit();
        } else show({ kind: "error", text: `Failed to generate emails: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` }, true);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [csv, show, openLimit],
  );

  /** Save-and-run starts after a 1 second delay. */
  const runAfterSave = useCallback((run: RunRequest) => void setTimeout(() => void startRun(run), SAVE_AND_RUN_DELAY_MS), [startRun]);

  // A batch still running when the page was reloaded is picked up again.
  useEffect(() => {
    const saved = sessionStorage.getItem(ACTIVE_BATCH_KEY);
    if (!saved || !csv.table || batch) return;
    const { batchId, csvId } = JSON.parse(saved) as { batchId: string; csvId: string };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resuming from session storage
    if (csvId === csv.table.id) setBatch({ id: batchId, status: "running", processed: 0, total: 0 });
  }, [csv.table, batch]);

  const batchId = batch?.id;
  useEffect(() => {
    if (!batchId) return;
    let stopped = false;
    const finish = async (s: StatusResponse) => {
      stopped = true;
      sessionStorage.removeItem(ACTIVE_BATCH_KEY);
      setBatch(null);
      setStopping(false);
      setGenerating(new Set());
      await csv.syncChanges().catch(() => undefined);
      await setup.refreshCredits();
      if (s.status === "completed") show({ kind: "success", text: `Successfully generated ${s.progress.processed - s.failed} emails!` });
      else if (s.status === "cancelled") show({ kind: "info", text: s.creditsRefunded > 0 ? `Email generation cancelled. ${s.creditsRefunded} credits have been refunded.` : "Email generation was cancelled." });
      else show({ kind: "error", text: `Batch processing failed: ${s.error ?? "Unknown error"}` });
    };
    const timer = setInterval(async () => {
      if (stopped) return;
      try {
        const s = await api<StatusResponse>(`/api/ai/batch-status/${batchId}`);
        const changed = await csv.syncChanges();
        mark(changed, false);
        failures.current = 0;
        if (TERMINAL.includes(s.status)) return void (await finish(s));
        setBatch((b) => b && { ...b, status: s.status, processed: s.progress.processed, total: s.progress.total });
      } catch (err) {
        if (++failures.current >= 3) {
          stopped = true;
          setBatch(null);
          show({ kind: "error", text: `Batch processing error: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` }, true);
        }
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batchId]);

  const stop = useCallback(async () => {
    if (!batch) return;
    setStopping(true);
    try {
      await api(`/api/ai/cancel-batch/${batch.id}`, { body: {} });
    } catch (err) {
      setStopping(false);
      show({ kind: "error", text: `Failed to stop email generation: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` }, true);
    }
  }, [batch, show]);

  return { generating, batch, stopping, generateOne, runAfterSave, stop };
}
