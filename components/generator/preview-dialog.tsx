"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { hasCode, messageOf } from "@/lib/client/api";
import { formatMoney } from "@/lib/client/format";
import { useKeepPreview, useRunPreview } from "@/lib/client/queries/preview";
import type { PreviewInput } from "@/lib/services/generation/schemas";
import { syncChanges } from "./csv-store";
import { PreviewResult } from "./preview-result";
import type { PreviewJson } from "@/lib/responses/quality";

const CREDIT_LIMIT_TEXT = "Daily credit limit reached. Upgrade to the lifetime plan for unlimited emails.";

/**
 * "Preview 3 rows": runs the dialog's unsaved configuration on a few rows and holds the results until
 * "Keep these" writes them into the table (approved), or Discard drops them. Nothing is written before.
 */
export function usePreview(csvId: string | undefined) {
  const queryClient = useQueryClient();
  const run = useRunPreview();
  const keep = useKeepPreview();
  const [open, setOpen] = useState(false);

  function close() {
    setOpen(false);
    run.reset();
    keep.reset();
  }

  return {
    start(payload: PreviewInput) {
      keep.reset();
      setOpen(true);
      run.mutate(payload);
    },
    dialog: {
      open,
      pending: run.isPending,
      error: run.error,
      data: run.data ?? null,
      keeping: keep.isPending,
      keepError: keep.error,
      onClose: close,
      onKeep() {
        const previewId = run.data?.previewId;
        if (!previewId) return;
        keep.mutate(previewId, {
          onSuccess: async ({ msg }) => {
            // The kept rows come into the table as any generated row does: through the file's changes.
            if (csvId) await syncChanges(queryClient, csvId).catch(() => undefined);
            toast.success(msg);
            close();
          },
        });
      },
    },
  };
}

/** The dialog's state (from usePreview) and the file's columns (the order in which a row's values are shown). */
type Props = ReturnType<typeof usePreview>["dialog"] & { columns: string[] };

function errorText(error: unknown): string {
  if (hasCode(error, "daily_credit_limit", "credit_limit")) return messageOf(error, CREDIT_LIMIT_TEXT);
  return messageOf(error, "The preview failed. Please try again.");
}

function totalCost(data: PreviewJson): string | null {
  const costs = data.results.map((r) => r.usage?.costUsd);
  if (costs.some((c) => c === null)) return null;
  const sum = costs.reduce<number>((total, c) => total + (c ?? 0), 0);
  return formatMoney(sum);
}

/** The preview's results (or its progress, or its error), with Keep these and Discard. */
export function PreviewDialog(props: Props) {
  const { open, pending, error, data, keeping, keepError, onClose, onKeep, columns } = props;
  const keepable = data ? data.results.filter((r) => !("error" in r)).length : 0;
  const cost = data ? totalCost(data) : null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !keeping && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Preview</DialogTitle>
          <DialogDescription>
            The current configuration, unsaved, on the first rows it selects. Nothing is written to your file until you
            keep the results.
          </DialogDescription>
        </DialogHeader>
        {pending ? (
          <div className="flex items-center gap-2 rounded-lg border bg-muted/30 p-4 text-sm" role="status">
            <Spinner className="text-primary" /> Generating preview…
          </div>
        ) : null}
        {error ? (
          <FormAlert kind="error">
            {errorText(error)}
            {hasCode(error, "daily_credit_limit", "credit_limit") ? (
              <>
                {" "}
                <Link href="/pricing" className="font-medium underline underline-offset-2">
                  Upgrade Now
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        {data ? (
          <div className="max-h-[60vh] space-y-3 overflow-y-auto pr-1" data-testid="preview-results">
            {data.results.map((result) => (
              <PreviewResult key={result.rowId} result={result} columns={columns} />
            ))}
          </div>
        ) : null}
        {data && cost ? <p className="text-xs text-muted-foreground">Preview cost: {cost}</p> : null}
        {keepError ? <FormAlert kind="error">{messageOf(keepError, "Failed to keep the results.")}</FormAlert> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={keeping}>
            Discard
          </Button>
          <Button type="button" onClick={onKeep} disabled={!data || keepable === 0 || keeping}>
            {keeping ? "Keeping…" : "Keep these"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
