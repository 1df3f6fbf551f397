"use client";

import { Send } from "lucide-react";
import type { PushReceiptJson } from "@/lib/client/queries/push-receipts";
import { SERVICE_LABELS } from "@/lib/sending/tools";
import { TapTooltip } from "./tap-tooltip";

/** "Instantly · Q4 outreach". */
const receiptLabel = (r: PushReceiptJson) => `${SERVICE_LABELS[r.service] ?? r.service} · ${r.campaignName}`;

/** When a receipt was pushed, in the reader's locale ("Mar 12, 2026, 10:04 AM"). */
function pushedAtText(r: PushReceiptJson): string {
  const at = new Date(r.pushedAt);
  return Number.isNaN(at.getTime())
    ? r.pushedAt
    : at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** The "Pushed" column's display column (shown when some row of the file was pushed). */
export const PUSHED_COLUMN = { id: "pushed", header: "Pushed", width: 184 } as const;

/**
 * Where a row was pushed: the newest receipt's tool and campaign, "+N" for the others; its tooltip
 * lists each with its time. Nothing for a row never pushed. `receipts` are newest first.
 */
export function PushReceiptBadge({ receipts }: { receipts: readonly PushReceiptJson[] | undefined }) {
  if (!receipts?.length) return null;
  const [latest, ...older] = receipts as [PushReceiptJson, ...PushReceiptJson[]];
  const more = older.length > 0 ? ` and ${older.length} more` : "";
  return (
    <TapTooltip
      side="top"
      trigger={
        <button
          type="button"
          aria-label={`Pushed to ${receiptLabel(latest)}${more}`}
          data-testid="push-receipt"
          className="inline-flex h-6 max-w-full min-w-0 items-center gap-1 rounded-full border bg-muted px-2 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none"
        >
          <Send className="size-3 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{receiptLabel(latest)}</span>
          {older.length > 0 ? <span className="shrink-0 text-muted-foreground">+{older.length}</span> : null}
        </button>
      }
    >
      <PushReceiptList receipts={receipts} />
    </TapTooltip>
  );
}

/** Each receipt: tool and campaign, and when (the tooltip and the reading view). */
export function PushReceiptList({ receipts }: { receipts: readonly PushReceiptJson[] }) {
  return (
    <ul className="space-y-1" aria-label="Pushed to">
      {receipts.map((r) => (
        <li key={`${r.service}-${r.campaignId}-${r.pushedAt}`} className="flex flex-wrap gap-x-1.5">
          <span className="font-semibold">{receiptLabel(r)}</span>
          <time dateTime={r.pushedAt} className="text-muted-foreground">
            {pushedAtText(r)}
          </time>
        </li>
      ))}
    </ul>
  );
}
