"use client";

import { useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { UseCase } from "@/lib/ai/providers";
import { batchEstimateSuffix, estimateSuffix } from "@/lib/client/estimate-format";
import { useEstimate } from "@/lib/client/queries/ai";
import type { RunMode } from "@/lib/services/generation/run-mode";
import type { BulkInput } from "@/lib/services/generation/schemas";

const RUN_MODE_LABELS: Record<RunMode, string> = {
  standard: "Standard — fastest",
  batch: "Batch — about half the cost, results within 24 h (usually under an hour)",
};

/**
 * Why batch mode is refused, as the server decides it (run-mode.ts, batch-mode-rules.ts: web research
 * first, then a spending cap); the same wording, shortened for the dialog.
 */
export const BATCH_MODE_REASONS = {
  research: "Batch mode cannot run web research: the providers' Batch APIs do not run web search.",
  cap: "Batch mode cannot enforce a spending cap: remove the cap to run in batch mode.",
} as const;

/** The spending cap as typed in the dialog: null when empty, undefined when not a number (yet). */
export function capOfText(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The reason batch mode would be refused for this use case and cap text; null when it can run. */
export function batchModeBlocker(useCase: UseCase, capText: string): string | null {
  if (useCase === "web_research") return BATCH_MODE_REASONS.research;
  if (capText.trim() !== "") return BATCH_MODE_REASONS.cap;
  return null;
}

const RUN_MODE_KEY = "runMode";

/** The mode chosen last in this tab (session storage), Standard by default. */
function rememberedRunMode(): RunMode {
  try {
    return sessionStorage.getItem(RUN_MODE_KEY) === "batch" ? "batch" : "standard";
  } catch {
    return "standard";
  }
}

function rememberRunMode(mode: RunMode): void {
  try {
    sessionStorage.setItem(RUN_MODE_KEY, mode);
  } catch {
    // Storage unavailable (private mode): the choice lasts as long as the dialog.
  }
}

/** The dialog's run mode: the choice (remembered for the session), Standard where batch mode is refused. */
export function useRunMode(useCase: UseCase, capText: string) {
  const [chosen, setChosen] = useState<RunMode>(rememberedRunMode);
  const blocker = batchModeBlocker(useCase, capText);
  return {
    /** The mode a run uses. */
    mode: blocker ? ("standard" as const) : chosen,
    setMode: (mode: RunMode) => {
      rememberRunMode(mode);
      setChosen(mode);
    },
    /** Why batch mode cannot run (null: it can). */
    blocker,
    /** The typed cap (undefined: not a number yet), for the estimate payloads. */
    cap: capOfText(capText),
  };
}

/**
 * Run mode of the AI Configuration dialog: Standard or Batch, each with its estimate (one
 * `POST /api/ai/estimate` answers both). Batch is disabled, with the reason beside it, when the
 * server would refuse it.
 */
export function RunModeField(props: {
  state: ReturnType<typeof useRunMode>;
  /** The standard-mode bulk payload of the run ("Save and run N rows"); null: nothing to estimate. */
  payload: BulkInput | null;
}) {
  const { payload } = props;
  const { mode: value, setMode, blocker } = props.state;
  const id = useId();
  const estimate = useEstimate(payload);
  const data = estimate.data;
  const pending = payload !== null && estimate.pending;
  const texts: Record<RunMode, string> = {
    standard: pending ? " · estimating…" : data ? estimateSuffix(data) : "",
    batch: blocker ? "" : pending ? " · estimating…" : data?.modes?.batch ? batchEstimateSuffix(data.modes.batch) : "",
  };
  const item = (mode: RunMode) => {
    const disabled = mode === "batch" && blocker !== null;
    const describedBy = [`${id}-${mode}-estimate`, disabled ? `${id}-reason` : null].filter(Boolean).join(" ");
    return (
      <div className="flex items-start gap-2 text-sm">
        <RadioGroupItem
          id={`${id}-${mode}`}
          value={mode}
          disabled={disabled}
          aria-describedby={describedBy}
          className="mt-0.5"
        />
        <div>
          <Label htmlFor={`${id}-${mode}`} className="inline font-normal">
            {RUN_MODE_LABELS[mode]}
          </Label>
          <span
            id={`${id}-${mode}-estimate`}
            className="text-muted-foreground"
            data-testid={`run-mode-estimate-${mode}`}
          >
            {texts[mode]}
          </span>
          {disabled ? (
            <p id={`${id}-reason`} className="text-xs text-muted-foreground" data-testid="batch-mode-reason">
              {blocker}
            </p>
          ) : null}
        </div>
      </div>
    );
  };
  return (
    <div className="space-y-1.5">
      <Label id={`${id}-label`}>Run mode</Label>
      <RadioGroup
        value={value}
        onValueChange={(mode) => setMode(mode === "batch" ? "batch" : "standard")}
        aria-labelledby={`${id}-label`}
        className="gap-2"
      >
        {item("standard")}
        {item("batch")}
      </RadioGroup>
    </div>
  );
}
