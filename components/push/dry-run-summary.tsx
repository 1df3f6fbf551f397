import { dryRunSentence } from "@/lib/client/push-text";
import type { PushDryRunJson } from "@/lib/responses/sending";

/**
 * The dry run's outcome: "Will push 412 · skip 23: 12 without e-mail, …", then the first leads
 * exactly as the tool will receive them (JSON, in a scrollable box the keyboard can reach).
 */
export function DryRunSummary({ result, toolLabel }: { result: PushDryRunJson; toolLabel: string }) {
  return (
    <div className="space-y-2 rounded-md border bg-muted/30 p-3">
      <p className="text-sm font-medium" role="status" data-testid="dry-run-summary">
        {dryRunSentence(result)}
      </p>
      {result.sample.length > 0 ? (
        <>
          <p id="push-sample-title" className="text-xs text-muted-foreground">
            The first {result.sample.length === 1 ? "lead" : `${result.sample.length} leads`} as {toolLabel} will
            receive {result.sample.length === 1 ? "it" : "them"}:
          </p>
          <div
            role="region"
            aria-labelledby="push-sample-title"
            tabIndex={0}
            className="max-h-64 space-y-2 overflow-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {result.sample.map((lead, i) => (
              <pre
                key={i}
                data-testid="push-sample-lead"
                className="rounded-md border bg-background p-2 font-mono text-xs break-words whitespace-pre-wrap"
              >
                {JSON.stringify(lead, null, 2)}
              </pre>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
