"use client";

import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, messageOf } from "@/lib/client/api";
import { downloadText, exportFileName } from "@/lib/client/download";
import { formatNumber } from "@/lib/client/format";
import { isFinalError, useJob } from "@/lib/client/queries/jobs";
import { toCsvText } from "@/lib/csv/parse-csv";
import type { CsvTable } from "./csv-store";
import type { ExportGateProps } from "./export-gate-dialog";
import type { JobStartedJson } from "@/lib/responses/admin";
import type { SendResultJson } from "@/lib/responses/integrations";

/** Export results are toasts that clear after 3 seconds. */
const EXPORT_TOAST = { duration: 3000 } as const;

export type ExportDestination = "make" | "zapier";

const TARGETS = {
  make: { label: "Make", path: "/api/webhooks/send", done: "Data sent to Make successfully" },
  zapier: { label: "Zapier", path: "/api/zapier/send", done: "Data sent to Zapier successfully" },
} as const;

const failureText = (detail: string) => `Failed to send data: ${detail}`;

type ExportAction = "csv" | ExportDestination;
const ACTION_LABELS: Record<ExportAction, string> = {
  csv: "Export as CSV",
  make: "Export to Make",
  zapier: "Export to Zapier",
};
const NONE_BLOCKED: ReadonlySet<number> = new Set();

/** "Sending 2,400 of 5,000 rows to Make…": a large export's progress, shown in its toast. */
function exportProgressText(sent: number, total: number, target: ExportDestination): string {
  return `Sending ${formatNumber(sent)} of ${formatNumber(total)} rows to ${TARGETS[target].label}…`;
}

/** A large export running as a background job, and the toast that shows its progress. */
interface RunningExport {
  jobId: string;
  target: ExportDestination;
  toastId: string | number;
}

/**
 * Export as CSV (a download) and Export to Make / Zapier (the rows sent to the user's hook). Up to
 * 2,000 rows the server sends them at once; above that it answers with a background job, whose
 * progress the toast shows (polled) until it ends with the same success or failure text.
 * When rows carry blocking quality flags (`blockedRowIds`), each export first asks (the `gate`
 * dialog) and leaves those rows out unless the user says otherwise.
 */
export function useExport(
  table: CsvTable | null,
  onSent: (target: ExportDestination) => void,
  blockedRowIds: ReadonlySet<number> = NONE_BLOCKED,
) {
  const [running, setRunning] = useState<RunningExport | null>(null);
  const [pending, setPending] = useState<ExportAction | null>(null);
  const job = useJob(running?.jobId ?? null);
  const settledJob = useRef<string | null>(null);

  const send = useMutation({
    mutationFn: ({ target, rows }: { target: ExportDestination; rows: Record<string, string>[] }) =>
      api<SendResultJson | JobStartedJson>(TARGETS[target].path, { body: { data: rows } }),
    onMutate: ({ target, rows }) => ({
      toastId: toast.loading(`Sending ${rows.length} rows to ${TARGETS[target].label}...`),
    }),
    onSuccess: (answer, { target }, context) => {
      if ("jobId" in answer) {
        toast.loading(exportProgressText(0, answer.total, target), { id: context.toastId });
        setRunning({ jobId: answer.jobId, target, toastId: context.toastId });
        return;
      }
      toast.success(TARGETS[target].done, { id: context.toastId, ...EXPORT_TOAST });
      onSent(target);
    },
    onError: (err, { target }, context) => {
      toast.error(failureText(messageOf(err, err instanceof Error ? err.message : "Unknown error")), {
        id: context?.toastId,
        ...EXPORT_TOAST,
      });
      onSent(target);
    },
  });

  // The running export's toast follows its job: progress, then the product's success or failure text.
  const data = job.data;
  const error = job.error;
  useEffect(() => {
    if (!running || settledJob.current === running.jobId) return;
    const { jobId, target, toastId } = running;
    const settle = (show: () => void) => {
      settledJob.current = jobId;
      show();
      onSent(target);
    };
    if (data?.status === "completed")
      return settle(() => toast.success(TARGETS[target].done, { id: toastId, ...EXPORT_TOAST }));
    if (data?.status === "failed")
      return settle(() =>
        toast.error(failureText(data.error ?? data.msg ?? "Unknown error"), { id: toastId, ...EXPORT_TOAST }),
      );
    if (error && (!data || isFinalError(error)))
      return settle(() => toast.error(failureText(messageOf(error, error.message)), { id: toastId, ...EXPORT_TOAST }));
    if (data) toast.loading(exportProgressText(data.done, data.total, target), { id: toastId });
  }, [running, data, error, onSent]);

  const rowsToExport = () => {
    if (!table || table.rows.length === 0) {
      toast.error("No data to export", EXPORT_TOAST);
      return null;
    }
    return table;
  };
  const blockedIn = (t: CsvTable) => t.rows.reduce((n, r) => (blockedRowIds.has(r.id) ? n + 1 : n), 0);

  function run(action: ExportAction, skipBlocked: boolean) {
    const t = rowsToExport();
    if (!t) return;
    const rows = skipBlocked ? t.rows.filter((r) => !blockedRowIds.has(r.id)) : t.rows;
    if (rows.length === 0) return void toast.error("No data to export", EXPORT_TOAST);
    if (action !== "csv") return send.mutate({ target: action, rows: rows.map((r) => r.data) });
    downloadText(
      exportFileName(t.fileName),
      toCsvText(
        t.columns,
        rows.map((r) => r.data),
      ),
    );
    toast.success(`Exported ${rows.length} rows as CSV`, EXPORT_TOAST);
  }

  /** Straight through when no row is blocked, else the gate dialog asks first. */
  function request(action: ExportAction) {
    const t = rowsToExport();
    if (!t) return;
    if (blockedIn(t) > 0) setPending(action);
    else run(action, false);
  }

  const gate: ExportGateProps = {
    action: pending && ACTION_LABELS[pending],
    blocked: table ? blockedIn(table) : 0,
    total: table?.rows.length ?? 0,
    onCancel: () => setPending(null),
    onConfirm: (skipBlocked) => {
      setPending(null);
      if (pending) run(pending, skipBlocked);
    },
  };

  return {
    exportCsv: () => request("csv"),
    exportTo: (target: ExportDestination) => request(target),
    /** Props of the ExportGateDialog. */
    gate,
  };
}
