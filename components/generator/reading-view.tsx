"use client";

import { Check, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { QualityRowJson } from "@/lib/client/queries/quality";
import type { PushReceiptJson } from "@/lib/client/queries/push-receipts";
import { formatCount } from "@/lib/csv/limits";
import { cn } from "@/lib/utils";
import type { TableRow } from "./csv-store";
import { GeneratedOutput, ProspectSummary, RowStatus } from "./reading-view-content";

export interface ReadingViewProps {
  /** The row read; the view is closed when null. */
  row: TableRow | null;
  /** Its place among the rows read (the rows the table shows) and how many there are. */
  index: number;
  count: number;
  /** Its number in the file (as the table shows it) and the file's row count. */
  rowNumber: number;
  totalRows: number;
  /** The table shows only the flagged rows: the view reads those. */
  flaggedOnly: boolean;
  /** The table shows only the rows that failed the address check (with flaggedOnly: those that are both). */
  failedEmailOnly?: boolean;
  inputColumns: readonly string[];
  outputColumns: readonly string[];
  quality: QualityRowJson | undefined;
  receipts: readonly PushReceiptJson[];
  onMove: (delta: number) => void;
  onToggleApproved: () => void;
  onClose: () => void;
}

/** "Row 12 of 250", and the place among the rows the filters keep when only those are read. */
function positionText({ index, count, rowNumber, totalRows, flaggedOnly, failedEmailOnly }: ReadingViewProps): string {
  const row = `Row ${formatCount(rowNumber)} of ${formatCount(totalRows)}`;
  const kept = flaggedOnly && failedEmailOnly ? "filtered row" : flaggedOnly ? "flagged row" : "failed-address row";
  return flaggedOnly || failedEmailOnly ? `${row} · ${kept} ${formatCount(index + 1)} of ${formatCount(count)}` : row;
}

/** The view's keys: ←/K previous, →/J next, A approve or take the approval back. */
function keyAction(event: React.KeyboardEvent): "previous" | "next" | "approve" | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === "ArrowLeft" || key === "k") return "previous";
  if (key === "ArrowRight" || key === "j") return "next";
  if (key === "a" && !event.repeat) return "approve";
  return null;
}

/** A button that stays focusable when it cannot act (so the focus, and the keys, stay in the view). */
function ViewButton({
  enabled,
  onAct,
  className,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "onClick"> & { enabled: boolean; onAct: () => void }) {
  return (
    <Button
      {...props}
      aria-disabled={!enabled}
      className={cn(!enabled && "cursor-not-allowed opacity-50", className)}
      onClick={() => enabled && onAct()}
    />
  );
}

/**
 * The reading view: one prospect at a time — its key fields, the generated subject, body and other
 * output fields, quality flags and push receipts — with Previous / Next and Approve, by button or key.
 */
export function ReadingView(props: ReadingViewProps) {
  const { row, index, count, quality, receipts, onMove, onToggleApproved, onClose } = props;
  const nextRef = useRef<HTMLButtonElement>(null);
  // What had the focus when the view opened ("Read one by one", or where R was typed): it gets it back.
  const openerRef = useRef<HTMLElement | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rowId = row?.id;
  // A block body: an effect must return nothing or its clean-up, and Chromium's scrollTo() returns a
  // Promise, which React would call as the clean-up when the row changes (a TypeError: the page fails).
  useEffect(() => {
    bodyRef.current?.scrollTo({ top: 0 });
  }, [rowId]);

  const canApprove = Boolean(quality);
  const act = (action: ReturnType<typeof keyAction>) => {
    if (action === "previous") onMove(-1);
    if (action === "next") onMove(1);
    if (action === "approve" && canApprove) onToggleApproved();
  };

  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[90dvh] grid-rows-[auto_minmax(0,1fr)_auto] overflow-hidden sm:max-w-3xl"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          nextRef.current?.focus();
        }}
        // Radix gives the focus back to a Dialog.Trigger only, and the view has none (a button and a key
        // open it): without this, the focus fell to the page's body when it closed.
        onCloseAutoFocus={(event) => {
          const opener = openerRef.current;
          openerRef.current = null;
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
        onKeyDown={(event) => {
          const action = keyAction(event);
          if (!action) return;
          event.preventDefault();
          act(action);
        }}
      >
        <DialogHeader>
          <DialogTitle>Read one by one</DialogTitle>
          <DialogDescription aria-live="polite" data-testid="reading-position">
            {row ? positionText(props) : ""}
          </DialogDescription>
        </DialogHeader>
        {row ? (
          <div
            ref={bodyRef}
            tabIndex={0}
            aria-label="Prospect and e-mail"
            className="min-h-0 space-y-5 overflow-y-auto rounded-md border p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="reading-content"
          >
            <ProspectSummary columns={props.inputColumns} row={row} />
            <GeneratedOutput columns={props.outputColumns} row={row} />
            <RowStatus quality={quality} receipts={receipts} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">← → or K J to move · A to approve · Esc to close</p>
          <div className="flex gap-2">
            <ViewButton variant="outline" enabled={index > 0} onAct={() => onMove(-1)} aria-keyshortcuts="ArrowLeft K">
              <ChevronLeft aria-hidden /> Previous
            </ViewButton>
            <ViewButton
              ref={nextRef}
              variant="outline"
              enabled={index < count - 1}
              onAct={() => onMove(1)}
              aria-keyshortcuts="ArrowRight J"
            >
              Next <ChevronRight aria-hidden />
            </ViewButton>
            <ViewButton
              enabled={canApprove}
              variant={quality?.approved ? "outline" : "default"}
              onAct={onToggleApproved}
              aria-keyshortcuts="A"
              title={canApprove ? undefined : "Only a generated row can be approved"}
            >
              <Check aria-hidden /> {quality?.approved ? "Unapprove" : "Approve"}
            </ViewButton>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
