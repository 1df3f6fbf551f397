"use client";

import { useState } from "react";
import type { AiSettings } from "@/lib/ai/defaults";
import { useTemplate } from "@/lib/client/queries/ai";
import type { TemplateJson } from "@/lib/responses/ai";

const settingsOfTemplate = (t: TemplateJson): AiSettings => ({
  prompt: t.prompt,
  jsonSchema: t.jsonSchema,
  maxRows: t.maxRows,
  onlyRunIf: t.onlyRunIf,
  selectedModel: t.selectedModel,
  useCase: t.useCase,
  connectionId: t.connectionId,
  maxCostUsd: t.maxCostUsd,
  qualityRules: t.qualityRules,
});

/**
 * The AI Configuration dialog: open or not, and the settings it opens with (null: the saved
 * configuration). ?template={id}: the dialog opens with that template's settings once it is read.
 */
export function useConfigDialog(templateId: string | null) {
  const [dialog, setDialog] = useState<{ open: boolean; initial: AiSettings | null }>({ open: false, initial: null });
  const template = useTemplate(templateId);
  const [openedTemplate, setOpenedTemplate] = useState<string | null>(null);
  if (template.data && openedTemplate !== template.data._id) {
    setOpenedTemplate(template.data._id);
    setDialog({ open: true, initial: settingsOfTemplate(template.data) });
  }
  return {
    ...dialog,
    openWith: (initial: AiSettings | null) => setDialog({ open: true, initial }),
    setOpen: (open: boolean) => setDialog((d) => ({ ...d, open })),
    templateError: template.isError ? "Error loading template" : "",
  };
}
