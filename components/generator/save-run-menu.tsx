"use client";

import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { AiSettings } from "@/lib/ai/defaults";
import { estimateSuffix } from "@/lib/client/estimate-format";
import { useEstimate } from "@/lib/client/queries/ai";
import type { BulkInput } from "@/lib/services/generation/schemas";

interface Props {
  /** The dialog's current settings (what a run would use). */
  settings: Omit<AiSettings, "maxRows" | "maxCostUsd">;
  /** The saved CSV file the run writes into; no estimate without one. */
  csvId: string | undefined;
  allRows: number[];
  viewRows: number[];
  remainingCredits: number;
  busy: boolean;
  onRun: (rowIndices: number[]) => void;
  onSaveOnly: () => void;
}

/** The bulk payload a run of these rows would send (as use-generation builds it). */
function payloadOf(settings: Props["settings"], csvId: string | undefined, rows: number[]): BulkInput | null {
  if (!csvId || rows.length === 0 || !settings.prompt.trim() || !settings.connectionId) return null;
  return {
    prompt: settings.prompt,
    jsonSchema: settings.jsonSchema,
    model: settings.selectedModel,
    useCase: settings.useCase,
    connectionId: settings.connectionId,
    csvId,
    rowsToProcess: rows,
    onlyRunIf: settings.onlyRunIf,
  };
}

/** " · ≈ $0.42 · ≈ 3 min" for a run option, " · estimating…" while it loads, nothing when refused. */
function EstimateText({ id, payload }: { id: string; payload: BulkInput | null }) {
  const estimate = useEstimate(payload);
  const text = !payload ? "" : estimate.pending ? " · estimating…" : estimate.data ? estimateSuffix(estimate.data) : "";
  return (
    <span id={id} className="text-muted-foreground" data-testid="run-estimate">
      {text}
    </span>
  );
}

/**
 * A run option: its name stays "Save and run N rows" (what people and tests look for); the
 * estimate is shown after it and is the item's description.
 */
function RunItem(props: { label: string; disabled: boolean; payload: BulkInput | null; onSelect: () => void }) {
  const id = useId();
  return (
    <DropdownMenuItem
      disabled={props.disabled}
      onSelect={props.onSelect}
      aria-label={props.label}
      aria-describedby={id}
    >
      <span>
        {props.label}
        <EstimateText id={id} payload={props.payload} />
      </span>
    </DropdownMenuItem>
  );
}

/** The AI Configuration dialog's Save menu: run all matching rows, the rows in view, or only save. */
export function SaveRunMenu({ settings, csvId, allRows, viewRows, remainingCredits, busy, onRun, onSaveOnly }: Props) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" disabled={busy}>
          {busy ? "Saving..." : "Save"} <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <RunItem
          label={`Save and run ${allRows.length} rows`}
          disabled={allRows.length === 0 || remainingCredits < allRows.length}
          payload={payloadOf(settings, csvId, allRows)}
          onSelect={() => onRun(allRows)}
        />
        <RunItem
          label={`Save and run ${viewRows.length} rows in this view`}
          disabled={viewRows.length === 0 || remainingCredits < viewRows.length}
          payload={payloadOf(settings, csvId, viewRows)}
          onSelect={() => onRun(viewRows)}
        />
        <DropdownMenuItem onSelect={onSaveOnly}>Save and don&apos;t run</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
