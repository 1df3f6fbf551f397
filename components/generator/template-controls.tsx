"use client";

import { useState } from "react";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { StarterTemplate } from "@/lib/ai/starter-templates";
import { messageOf } from "@/lib/client/api";
import { templateNameFormSchema } from "@/lib/services/generation/schemas";
import { StarterTemplateMenu } from "./starter-template-menu";
import type { TemplateJson } from "@/lib/responses/ai";

interface Props {
  templates: TemplateJson[];
  onLoad: (template: TemplateJson) => void;
  /** A starter template was chosen: its prompt, schema and use case fill the form (unsaved). */
  onStarter: (starter: StarterTemplate) => void;
  /** Saves the dialog's current settings as a template with this name. */
  onSave: (name: string) => Promise<void>;
}

/**
 * Saved Templates with Load, the starter templates, and New template name + Save Template (its own small
 * form, inside the dialog's).
 */
export function TemplateControls({ templates, onLoad, onStarter, onSave }: Props) {
  const [selected, setSelected] = useState("");
  const [saved, setSaved] = useState("");
  const form = useZodForm(templateNameFormSchema, { defaultValues: { name: "" } });
  const save = form.handleSubmit(
    async ({ name }) => {
      setSaved("");
      try {
        await onSave(name);
        form.reset({ name: "" });
        setSaved(`Template "${name}" saved.`);
      } catch (err) {
        form.setServerError(
          `Failed to save template: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}`,
        );
      }
    },
    () => setSaved(""),
  );
  const busy = form.formState.isSubmitting;

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="saved-templates">Saved Templates</Label>
        <div className="flex gap-2">
          <Select value={selected} onValueChange={setSelected}>
            <SelectTrigger id="saved-templates" className="w-full">
              <SelectValue placeholder={templates.length ? "Choose a template" : "No templates yet"} />
            </SelectTrigger>
            <SelectContent>
              {templates.map((t) => (
                <SelectItem key={t._id} value={t._id}>
                  {t.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button
            type="button"
            variant="outline"
            disabled={!selected}
            onClick={() => {
              const template = templates.find((t) => t._id === selected);
              if (template) onLoad(template);
            }}
          >
            Load
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2 pt-1 text-xs text-muted-foreground">
          Or start from
          <StarterTemplateMenu onSelect={onStarter} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="new-template-name">New template name</Label>
        <div className="flex gap-2">
          <Input
            id="new-template-name"
            maxLength={100}
            placeholder="e.g. SaaS founders intro"
            {...form.register("name")}
            {...form.field("name")}
          />
          <Button type="button" variant="outline" onClick={() => void save()} disabled={busy}>
            {busy ? "Saving..." : "Save Template"}
          </Button>
        </div>
        {form.formError ? (
          <p className="text-xs font-medium text-destructive" role="alert" id={form.errorId}>
            {form.formError}
          </p>
        ) : null}
        {saved ? <p className="text-xs font-medium text-success">{saved}</p> : null}
      </div>
    </div>
  );
}
