"use client";

import { useState } from "react";
import { FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { labelOfUseCase } from "@/lib/client/labels";
import { useTemplates } from "@/lib/client/queries/ai";
import { ModelWarnings } from "@/components/models/model-warnings";
import { ManageTemplatesDialog } from "./manage-templates-dialog";
import { StarterTemplatesList } from "./starter-templates-list";
import type { TemplateJson } from "@/lib/responses/ai";

const PREVIEW = 3;

/**
 * Email Templates card: the 3 newest templates (read with the page, then kept by the query) and the Manage Templates
 * dialog.
 */
export function TemplatesCard({ initialTemplates }: { initialTemplates: TemplateJson[] }) {
  const [open, setOpen] = useState(false);
  const { data: templates = initialTemplates } = useTemplates(initialTemplates);
  const more = templates.length - PREVIEW;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden />
          Email Templates
        </CardTitle>
        <CardDescription>Reusable prompts and settings.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ModelWarnings kinds={["template"]} />
        {templates.length === 0 ? (
          <>
            <p className="text-sm text-muted-foreground">No templates saved yet.</p>
            <StarterTemplatesList />
          </>
        ) : (
          <ul className="space-y-2" data-testid="template-list">
            {templates.slice(0, PREVIEW).map((t) => (
              <li key={t._id} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate font-medium">{t.name}</span>
                <Badge variant="secondary">{labelOfUseCase(t.useCase)}</Badge>
              </li>
            ))}
            {more > 0 ? <li className="text-sm text-muted-foreground">+{more} more templates</li> : null}
          </ul>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
          Manage Templates
        </Button>
      </CardFooter>
      <ManageTemplatesDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
