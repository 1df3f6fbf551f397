"use client";

import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { runEstimateSuffix } from "@/lib/client/estimate-format";
import { useEstimate } from "@/lib/client/queries/ai";
import type { BulkInput } from "@/lib/services/generation/schemas";
import { bulkPayloadOf, type RunOptions, type Settings } from "./run-options";
import { failedAddressNote, thinRowsNote, type RunSkips } from "./use-run-rows";

export { bulkPayloadOf, DEFAULT_RUN_OPTIONS, previewPayloadOf, runOptionFields, type RunOptions } from "./run-options";

/**
 * " · ≈ $0.42 · ≈ 3 min" for a run option (batch mode: " · ≈ $0.21 · within 24 h"), " · estimating…"
 * while it loads, nothing when refused.
 */
function EstimateText({ id, payload }: { id: string; payload: BulkInput | null }) {
  const estimate = useEstimate(payload);
  const mode = payload?.mode ?? "standard";
  const text = !payload
    ? ""
    : estimate.pending
      ? " · estimating…"
      : estimate.data
        ? runEstimateSuffix(estimate.data, mode)
        : "";
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

interface Props {
  /** The dialog's current settings (what a run would use). */
  settings: Settings;
  /** The saved CSV file the run writes into; no estimate without one. */
  csvId: string | undefined;
  /** 0-based indices of the rows "run all" and "run the rows in view" would cover. */
  allRows: number[];
  viewRows: number[];
  /** The table row id at a 0-based index (runs name their rows by id). */
  rowIdAt: (index: number) => number;
  options: RunOptions;
  onOptionsChange: (options: RunOptions) => void;
  /** What "run all" leaves out or warns about: rows with a failed address check, rows with thin input. */
  skips: RunSkips;
  /** The spending cap typed in the dialog (undefined: the saved one). */
  maxCostUsd?: number | null;
  remainingCredits: number;
  busy: boolean;
  onRun: (rowIndices: number[]) => void;
  onSaveOnly: () => void;
  /** "Preview N rows" (null: nothing to preview). */
  preview: { label: string; disabled: boolean; onSelect: () => void };
}

/** The AI Configuration dialog's Save menu: run all matching rows, the rows in view, or only save; or preview. */
export function SaveRunMenu(props: Props) {
  const { settings, csvId, allRows, viewRows, options, remainingCredits, busy, onRun, onSaveOnly, preview } = props;
  const payloadOf = (rows: number[]) =>
    bulkPayloadOf(settings, csvId, rows.map(props.rowIdAt), options, props.maxCostUsd);
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
          payload={payloadOf(allRows)}
          onSelect={() => onRun(allRows)}
        />
        <RunItem
          label={`Save and run ${viewRows.length} rows in this view`}
          disabled={viewRows.length === 0 || remainingCredits < viewRows.length}
          payload={payloadOf(viewRows)}
          onSelect={() => onRun(viewRows)}
        />
        <DropdownMenuItem onSelect={onSaveOnly}>Save and don&apos;t run</DropdownMenuItem>
        <SkipOptions skips={props.skips} options={options} onChange={props.onOptionsChange} />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={preview.disabled} onSelect={preview.onSelect}>
          {preview.label}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * What the runs leave out, with a checkbox each (the menu stays open when one is toggled): rows whose
 * address failed its check ("61 rows skipped: failed address check" — include them) and rows with thin
 * input ("18 rows lack Company" — skip them). Nothing when neither applies.
 */
function SkipOptions({
  skips,
  options,
  onChange,
}: {
  skips: RunSkips;
  options: RunOptions;
  onChange: (options: RunOptions) => void;
}) {
  if (skips.failedAddresses === 0 && skips.thinRows === 0) return null;
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <>
      <DropdownMenuSeparator />
      {skips.failedAddresses > 0 ? (
        <>
          <p className="px-2 py-1 text-xs text-muted-foreground" data-testid="failed-address-note">
            {failedAddressNote(skips.failedAddresses, Boolean(options.includeInvalidEmails))}
          </p>
          <DropdownMenuCheckboxItem
            checked={Boolean(options.includeInvalidEmails)}
            onCheckedChange={(checked) => onChange({ ...options, includeInvalidEmails: checked })}
            onSelect={keepOpen}
          >
            Include rows that failed the address check
          </DropdownMenuCheckboxItem>
        </>
      ) : null}
      {skips.thinRows > 0 ? (
        <>
          <p className="px-2 py-1 text-xs text-muted-foreground" data-testid="thin-rows-note">
            {thinRowsNote(skips, Boolean(options.skipThinRows))}
          </p>
          <DropdownMenuCheckboxItem
            checked={Boolean(options.skipThinRows)}
            onCheckedChange={(checked) => onChange({ ...options, skipThinRows: checked })}
            onSelect={keepOpen}
          >
            Skip rows with missing values
          </DropdownMenuCheckboxItem>
        </>
      ) : null}
    </>
  );
}

/**
 * Run options next to the run buttons: approved rows as examples, and — when the run's rows include
 * approved ones — whether to overwrite them (by default the run skips them, and says how many).
 */
export function RunOptionsFields(props: {
  value: RunOptions;
  onChange: (value: RunOptions) => void;
  /** Approved rows among the rows the run would cover. */
  approvedInRun: number;
}) {
  const { value, onChange, approvedInRun } = props;
  const rows = (n: number) => `${n} approved ${n === 1 ? "row" : "rows"}`;
  return (
    <fieldset className="space-y-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Run options</legend>
      <label className="flex items-start gap-2 text-sm">
        <Checkbox
          className="mt-0.5"
          checked={value.useApprovedExamples}
          onCheckedChange={(checked) => onChange({ ...value, useApprovedExamples: checked === true })}
        />
        <span>
          Use my approved rows as examples
          <span className="block text-xs text-muted-foreground">
            Adds up to 3 rows you approved to the prompt, so new e-mails follow their style.
          </span>
        </span>
      </label>
      {approvedInRun > 0 ? (
        <>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={value.overwriteApproved}
              onCheckedChange={(checked) => onChange({ ...value, overwriteApproved: checked === true })}
            />
            Overwrite approved rows
          </label>
          <p className="text-xs text-muted-foreground" data-testid="approved-skip-note">
            {value.overwriteApproved ? `Overwrites ${rows(approvedInRun)}` : `Skips ${rows(approvedInRun)}`}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
