import { CircleAlert, OctagonX } from "lucide-react";
import { QUALITY_RULE_LABELS, type QualityFlag } from "@/lib/quality/rules";
import { cn } from "@/lib/utils";

const STYLE = {
  block: {
    className: "border-destructive/40 bg-destructive-subtle text-destructive",
    label: "Blocked",
    Icon: OctagonX,
  },
  warn: { className: "border-warning/60 bg-warning/10 text-warning-strong", label: "Warning", Icon: CircleAlert },
} as const;

/** A row's quality flags: blocking ones in red, warnings in amber, each with its rule and message. */
export function QualityFlagList({ flags, className }: { flags: QualityFlag[]; className?: string }) {
  if (flags.length === 0) return null;
  return (
    <ul className={cn("space-y-1", className)} aria-label="Quality flags" data-testid="quality-flags">
      {flags.map((flag, i) => {
        const { className: tone, label, Icon } = STYLE[flag.severity];
        return (
          <li
            key={`${flag.rule}-${i}`}
            className={cn("flex items-start gap-2 rounded-md border px-2 py-1 text-xs", tone)}
            data-severity={flag.severity}
            data-rule={flag.rule}
          >
            <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>
              <span className="font-semibold">
                {label}: {QUALITY_RULE_LABELS[flag.rule] ?? flag.rule}
              </span>
              {" — "}
              {flag.message}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
