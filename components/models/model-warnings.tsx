"use client";

import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useModelWarnings, useSwitchModel } from "@/lib/client/queries/ai";
import { messageOf } from "@/lib/client/api";
import type { ModelWarning } from "@/lib/services/models/warning-types";

const WHAT: Record<ModelWarning["kind"], string> = {
  config: "Your AI configuration",
  template: "Template",
  batch: "Run",
};

function sentence(w: ModelWarning): string {
  const subject = w.kind === "config" ? WHAT.config : `${WHAT[w.kind]} “${w.name}”`;
  const model = `${w.modelLabel} (${w.model})`;
  const when = w.shutdownOn
    ? w.retired
      ? ` was retired on ${w.shutdownOn}`
      : ` shuts down on ${w.shutdownOn}`
    : w.retired
      ? " has been retired"
      : " is being retired";
  const next = w.replacementLabel ? ` Recommended replacement: ${w.replacementLabel}.` : "";
  return `${subject} uses ${model}, which${when}.${next}`;
}

/**
 * Shutdown guard: settings on a model that is retired or shuts down within 30 days, each with a one-click
 * switch to the replacement (configs and templates; a running batch finishes on its model).
 */
export function ModelWarnings({ kinds }: { kinds: readonly ModelWarning["kind"][] }) {
  const { data: warnings = [] } = useModelWarnings();
  const switchModel = useSwitchModel();
  const shown = warnings.filter((w) => kinds.includes(w.kind));
  if (shown.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="model-warnings">
      {shown.map((w) => (
        <Alert key={`${w.kind}-${w.id}`} variant="destructive">
          <TriangleAlert className="size-4" aria-hidden />
          <AlertTitle>{w.retired ? "Model retired" : "Model shutting down soon"}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>{sentence(w)}</span>
            {w.replacement && w.kind !== "batch" ? (
              <Button
                size="sm"
                variant="outline"
                disabled={switchModel.isPending}
                onClick={() => switchModel.mutate(w)}
              >
                Switch to {w.replacementLabel ?? w.replacement}
              </Button>
            ) : null}
            {switchModel.isError && switchModel.variables === w ? (
              <span role="status">{messageOf(switchModel.error, "Could not switch the model.")}</span>
            ) : null}
          </AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
