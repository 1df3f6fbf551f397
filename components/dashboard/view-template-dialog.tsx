"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { modelLabel } from "@/lib/ai/models";
import { labelOfUseCase } from "@/lib/client/labels";
import { useTemplate } from "@/lib/client/queries/ai";
import type { TemplateJson } from "@/lib/responses/ai";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The View dialog: the list's copy at once, the template's own read when that copy is stale. */
export function ViewTemplateDialog({
  template: fromList,
  onOpenChange,
}: {
  template: TemplateJson | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { data } = useTemplate(fromList?._id ?? null, fromList ?? undefined);
  const template = fromList ? (data ?? fromList) : null;
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {template ? (
          <>
            <DialogHeader>
              <DialogTitle>{template.name}</DialogTitle>
            </DialogHeader>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Field label="Use Case">{labelOfUseCase(template.useCase)}</Field>
              <Field label="Model">{modelLabel(template.selectedModel)}</Field>
              <Field label="Connection">{template.connectionName ?? "No connection"}</Field>
            </dl>
            <dl className="space-y-4">
              <Field label="Prompt">
                {template.prompt.trim() ? (
                  <p className="whitespace-pre-wrap rounded-md bg-muted p-3">{template.prompt}</p>
                ) : (
                  <span className="text-muted-foreground">No prompt configured</span>
                )}
              </Field>
              <Field label="JSON Schema">
                <pre tabIndex={0} className="max-h-60 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
                  {template.jsonSchema}
                </pre>
              </Field>
              <Field label="Condition">Only run if: {template.onlyRunIf.trim() || "(always run)"}</Field>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button asChild>
                <Link href={`/email-generator?template=${template._id}`}>Edit Template</Link>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
