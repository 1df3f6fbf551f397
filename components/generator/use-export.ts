"use client";

import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, messageOf } from "@/lib/client/api";
import { downloadText, exportFileName } from "@/lib/client/download";
import { formatNumber } from "@/lib/client/format";
import { isFinalError, useJob } from "@/lib/client/queries/jobs";
import { toCsvText } from "@/lib/csv/parse-csv";
import type { JobStartedJson } from "@/lib/services/jobs/jobs";
import type { SendResultJson } from "@/lib/services/integrations/send";
import type { CsvTable } from "./csv-store";

/** Export results are toasts that clear after 3 seconds (spec 4 and 9). */
const EXPORT_TOAST = { duration: 3000 } as const;

export type ExportDestination = "make" | "zapier";

const TARGETS = {
  make: { label: "Make", path: "/api/webhooks/send", done: "Data sent to Make successfully" },
  zapier: { label: "Zapier", path: "/api/zapier/send", done: "Data sent to Zapier successfully" },
} as const;

const failureText = (detail: string) => `Failed to send data: ${detail}`;

/** "Sending 2,400 of 5,000 rows to Make…": a large export's progress, shown in its toast. */
export function exportProgressText(sent: number, total: number, target: ExportDestination): string {
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
 */
export function useExport(table: CsvTable | null, onSent: (target: ExportDestination) => void) {
  const [running, setRunning] = useState<RunningExport | null>(null);
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

  // The running export's toast follows its job: progress, then the spec's success or failure text.
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

  return {
    exportCsv() {
      const t = rowsToExport();
      if (!t) return;
      downloadText(
        exportFileName(t.fileName),
        toCsvText(
          t.columns,
          t.rows.map((r) => r.data),
        ),
      );
      toast.success(`Exported ${t.rows.length} rows as CSV`, EXPORT_TOAST);
    },
    exportTo(target: ExportDestination) {
      const t = rowsToExport();
      if (t) send.mutate({ target, rows: t.rows.map((r) => r.data) });
    },
  };
}
