"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { STARTER_TEMPLATES, starterSettings, type StarterTemplate } from "@/lib/ai/starter-templates";
import { messageOf } from "@/lib/client/api";
import { labelOfUseCase } from "@/lib/client/labels";
import { useAiConfig, useCreateTemplate } from "@/lib/client/queries/ai";
import { cn } from "@/lib/utils";

/**
 * The starter templates with "Use": it saves the starter as one of the user's templates (with the
 * configured connection and model) and opens it in the email generator's AI Configuration.
 */
export function StarterTemplatesList({ className }: { className?: string }) {
  const router = useRouter();
  const headingId = useId();
  const config = useAiConfig().data?.aiConfig;
  const create = useCreateTemplate();

  function use(starter: StarterTemplate) {
    const connection = config?.connectionId
      ? { connectionId: config.connectionId, selectedModel: config.selectedModel }
      : {};
    create.mutate(
      { name: starter.name, ...starterSettings(starter), ...connection },
      {
        onSuccess: (template) => router.push(`/email-generator?template=${encodeURIComponent(template._id)}`),
        onError: (error) => toast.error(messageOf(error, "Failed to create the template. Please try again.")),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn("space-y-2", className)} data-testid="starter-templates">
      <h3 id={headingId} className="text-sm font-semibold">
        Starter templates
      </h3>
      <ul className="space-y-2">
        {STARTER_TEMPLATES.map((starter) => {
          const busy = create.isPending && create.variables?.name === starter.name;
          return (
            <li key={starter.id} className="flex items-center justify-between gap-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{starter.name}</p>
                <p className="text-xs text-muted-foreground">
                  {starter.description} · {labelOfUseCase(starter.useCase)}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Use ${starter.name}`}
                disabled={create.isPending}
                onClick={() => use(starter)}
              >
                {busy ? "Creating…" : "Use"}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
