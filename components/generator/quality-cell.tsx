"use client";

import { Check, OctagonAlert, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { QualityRowJson } from "@/lib/client/queries/quality";
import { mostSevere, type QualityFlag } from "@/lib/quality/rules";
import { cn } from "@/lib/utils";
import { TapTooltip } from "./tap-tooltip";

/** "2 quality flags: Unresolved placeholder "[First Name]"; Subject is 72 characters (limit 60)". */
function flagsLabel(flags: readonly QualityFlag[]): string {
  const n = flags.length;
  return `${n} quality flag${n === 1 ? "" : "s"}: ${flags.map((f) => f.message).join("; ")}`;
}

const BADGE = {
  block: { Icon: OctagonAlert, className: "bg-destructive text-destructive-foreground hover:bg-destructive/90" },
  warn: { Icon: TriangleAlert, className: "bg-warning text-warning-foreground hover:bg-warning/90" },
} as const;

/**
 * A generated row's flags: red when one blocks the export, amber for warnings only, nothing for a
 * clean row. A button (reachable with Tab) named after the flags; its tooltip lists them on hover,
 * on focus and on click (touch), and Escape closes it.
 */
function QualityBadge({ flags }: { flags: readonly QualityFlag[] }) {
  const severity = mostSevere(flags);
  if (severity === "clean") return null;
  const { Icon, className } = BADGE[severity];
  return (
    <TapTooltip
      trigger={
        <button
          type="button"
          aria-label={flagsLabel(flags)}
          data-severity={severity}
          data-testid="quality-badge"
          className={cn(
            "inline-flex h-6 shrink-0 items-center gap-0.5 rounded-full px-1.5 text-xs font-semibold",
            "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none",
            className,
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {flags.length}
        </button>
      }
    >
      <ul className="space-y-1">
        {flags.map((f, i) => (
          <li key={`${f.rule}-${i}`} className="flex gap-1.5">
            <span
              className={
                f.severity === "block" ? "font-semibold text-destructive" : "font-semibold text-warning-strong"
              }
            >
              {f.severity === "block" ? "Problem:" : "Warning:"}
            </span>{" "}
            <span>{f.message}</span>
          </li>
        ))}
      </ul>
    </TapTooltip>
  );
}

/** The approve check mark of a generated row: a toggle button, saved through the API. */
function ApproveToggle({
  rowNumber,
  approved,
  onToggle,
}: {
  rowNumber: number;
  approved: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className={cn("size-8", approved ? "text-success" : "text-muted-foreground")}
      aria-label={`Approve row ${rowNumber}`}
      aria-pressed={approved}
      title={approved ? "Approved" : `Approve row ${rowNumber}`}
      data-testid="approve-row"
      onClick={onToggle}
    >
      <Check className={approved ? "stroke-[3]" : undefined} />
    </Button>
  );
}

/** Badge and check mark before a generated row's actions (kept in line across rows); none for a row without output. */
export function QualityCell({
  quality,
  rowNumber,
  onToggleApproved,
}: {
  quality: QualityRowJson | undefined;
  rowNumber: number;
  onToggleApproved: () => void;
}) {
  if (!quality) return <span className="w-[4.75rem] shrink-0" aria-hidden />;
  return (
    <>
      <span className="flex w-10 shrink-0 justify-center">
        <QualityBadge flags={quality.flags} />
      </span>
      <ApproveToggle rowNumber={rowNumber} approved={quality.approved} onToggle={onToggleApproved} />
    </>
  );
}
