"use client";

import Link from "next/link";
import { useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { modelLabel } from "@/lib/ai/models";
import { ModelWarnings } from "@/components/models/model-warnings";
import { labelOfUseCase } from "@/lib/client/labels";
import { useDeleteTemplate, useTemplates } from "@/lib/client/queries/ai";
import { StarterTemplatesList } from "./starter-templates-list";
import { ViewTemplateDialog } from "./view-template-dialog";
import type { TemplateJson } from "@/lib/responses/ai";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Manage Email Templates: the table (View, Edit in the generator, Delete after confirmation). */
export function ManageTemplatesDialog({ open, onOpenChange }: Props) {
  const { data: templates = [] } = useTemplates();
  const deleteTemplate = useDeleteTemplate();
  const [viewing, setViewing] = useState<TemplateJson | null>(null);
  const [toDelete, setToDelete] = useState<TemplateJson | null>(null);

  function remove(template: TemplateJson) {
    // The spec's alert (a blocking browser dialog) for a failed deletion.
    deleteTemplate.mutate(template._id, { onError: () => window.alert("Failed to delete template") });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Manage Email Templates</DialogTitle>
          <DialogDescription>Saved prompts, schemas and models you can load in the email generator.</DialogDescription>
        </DialogHeader>
        <ModelWarnings kinds={["template"]} />
        {templates.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No templates yet. Save one from the AI Configuration dialog of the email generator.
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Use Case</TableHead>
                <TableHead>Model</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {templates.map((t) => (
                <TableRow key={t._id}>
                  <TableCell className="font-medium">{t.name}</TableCell>
                  <TableCell>{labelOfUseCase(t.useCase)}</TableCell>
                  <TableCell>{modelLabel(t.selectedModel)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button size="sm" variant="ghost" onClick={() => setViewing(t)}>
                        View
                      </Button>
                      <Button size="sm" variant="ghost" asChild>
                        <Link href={`/email-generator?template=${t._id}`}>Edit</Link>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive"
                        disabled={deleteTemplate.isPending && deleteTemplate.variables === t._id}
                        onClick={() => setToDelete(t)}
                      >
                        Delete
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <StarterTemplatesList className="rounded-lg border bg-muted/30 p-3" />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button asChild>
            <Link href="/email-generator">Create New Template</Link>
          </Button>
        </DialogFooter>
        <ViewTemplateDialog template={viewing} onOpenChange={(next) => !next && setViewing(null)} />
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(next) => !next && setToDelete(null)}
          message="Are you sure you want to delete this template?"
          onConfirm={() => toDelete && remove(toDelete)}
        />
      </DialogContent>
    </Dialog>
  );
}
