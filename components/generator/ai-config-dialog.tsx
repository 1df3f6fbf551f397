"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { AiSettings } from "@/lib/ai/defaults";
import { defaultFromOptions, providerOfModelId } from "@/lib/ai/models";
import { missingVariables } from "@/lib/ai/prompt-variables";
import { starterSettings, type StarterTemplate } from "@/lib/ai/starter-templates";
import { messageOf } from "@/lib/client/api";
import { aiKeys, useCreateTemplate, useSaveAiConfig } from "@/lib/client/queries/ai";
import { useFileQuality } from "@/lib/client/queries/quality";
import { aiConfigFormSchema } from "@/lib/services/generation/schemas";
import type { ModelOption } from "@/lib/ai/models";
import { capText, clampMaxRows, draftOf, type Draft } from "./config-draft";
import type { TableRow } from "./csv-store";
import { rememberLastUsedConfig } from "./last-used-config";
import { ModelConnectionFields, UseCaseField } from "./model-connection-fields";
import { PreviewDialog, usePreview } from "./preview-dialog";
import { PromptEditor } from "./prompt-editor";
import { RunModeField, useRunMode } from "./run-mode-field";
import { bulkPayloadOf, DEFAULT_RUN_OPTIONS, previewPayloadOf, RunOptionsFields, SaveRunMenu } from "./save-run-menu";
import type { RunOptions } from "./save-run-menu";
import { TemplateControls } from "./template-controls";
import type { RunRequest } from "./use-generation";
import { useRunRows } from "./use-run-rows";
import type { ConnectionJson, TemplateJson } from "@/lib/responses/ai";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's starting values (saved config, or a template being edited). */
  initial: AiSettings;
  models: ModelOption[];
  connections: ConnectionJson[];
  templates: TemplateJson[];
  /** Credits left today (Infinity for lifetime users). */
  remainingCredits: number;
  /** The saved CSV file a run writes into (the Save menu estimates each run option for it). */
  csvId?: string;
  columns: string[];
  rows: TableRow[];
  /** Indices of the rows currently in view in the table. */
  visibleRowIndices: () => number[];
  onRun: (run: RunRequest) => void;
}

export function AiConfigDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-3xl">{props.open ? <ConfigForm {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

function ConfigForm(props: Props) {
  const { onOpenChange, initial, columns, rows, visibleRowIndices, onRun, remainingCredits } = props;
  const queryClient = useQueryClient();
  const saveConfig = useSaveAiConfig();
  const createTemplate = useCreateTemplate();
  const form = useZodForm(aiConfigFormSchema, { defaultValues: draftOf(initial) });
  const values = { ...draftOf(initial), ...useWatch({ control: form.control }) } as Draft;
  const maxRows = clampMaxRows(values.maxRows, rows.length);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });
  const patch = (changes: Partial<Draft>) =>
    (Object.keys(changes) as (keyof Draft)[]).forEach((name) => set(name, changes[name]!));

  const [options, setOptions] = useState<RunOptions>(DEFAULT_RUN_OPTIONS);
  const runMode = useRunMode(values.useCase, values.maxCostUsd);
  const runOptions: RunOptions = { ...options, mode: runMode.mode };
  const preview = usePreview(props.csvId);

  // The rows each run would really cover, as the server chooses them: approved rows (unless overwritten),
  // failed addresses (unless included) and thin rows (when skipped) left out.
  const quality = useFileQuality(props.csvId ?? null).data;
  const approved = useMemo(() => new Set(quality?.rows.flatMap((r) => (r.approved ? [r.rowId] : []))), [quality]);
  const rowIdAt = (i: number) => rows[i]!.id;
  const { allRows, viewRows, approvedInRun, skips, previewCount } = useRunRows({
    rows,
    approvedIds: approved,
    prompt: values.prompt,
    onlyRunIf: values.onlyRunIf,
    maxRows,
    options,
    visibleRowIndices,
  });
  const noMatch = rows.length > 0 && allRows.length === 0;

  const previewPayload = previewPayloadOf(values, props.csvId, options);
  const previewAction = {
    label: `Preview ${previewCount || 3} ${previewCount === 1 ? "row" : "rows"}`,
    disabled: !previewPayload || previewCount === 0,
    onSelect: () => previewPayload && preview.start(previewPayload),
  };

  /** Saves the settings (validated with the server's schema first); null when it failed. */
  async function save(): Promise<AiSettings | null> {
    set("maxRows", String(maxRows));
    let saved: AiSettings | null = null;
    await form.handleSubmit(async (settings) => {
      try {
        const { aiConfig } = await saveConfig.mutateAsync(settings);
        rememberLastUsedConfig(aiConfig);
        saved = aiConfig;
      } catch (err) {
        form.setServerError(messageOf(err, "Failed to save configuration. Please try again."));
      }
    })();
    return saved;
  }

  async function saveAndRun(rowIndices: number[]) {
    const config = await save();
    if (!config) return;
    onOpenChange(false);
    onRun({ config, rowIndices, options: runOptions });
  }

  async function saveTemplate(name: string): Promise<void> {
    const cap = values.maxCostUsd.trim() === "" ? null : Number(values.maxCostUsd);
    await createTemplate.mutateAsync({ name, ...values, maxRows, maxCostUsd: cap });
  }

  async function connectionAdded(connection: ConnectionJson) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: aiKeys.config() }),
      queryClient.invalidateQueries({ queryKey: aiKeys.connections() }),
      queryClient.invalidateQueries({ queryKey: aiKeys.models() }),
    ]);
    // As when a connection is picked: a model of another provider gives way to this provider's default.
    const model = form.getValues("selectedModel");
    patch({
      connectionId: connection._id,
      selectedModel:
        providerOfModelId(model) === connection.provider
          ? model
          : defaultFromOptions(connection.provider, props.models),
    });
  }

  function loadTemplate(t: TemplateJson) {
    form.reset({
      prompt: t.prompt,
      jsonSchema: t.jsonSchema,
      maxRows: String(t.maxRows),
      onlyRunIf: t.onlyRunIf,
      selectedModel: t.selectedModel,
      useCase: t.useCase,
      connectionId: t.connectionId ?? values.connectionId,
      maxCostUsd: capText(t.maxCostUsd),
    });
  }

  /** A starter fills the prompt, schema and use case as unsaved changes. */
  const applyStarter = (starter: StarterTemplate) => patch(starterSettings(starter));

  const busy = saveConfig.isPending;
  return (
    <div className="space-y-5">
      <DialogHeader>
        <DialogTitle>AI Configuration</DialogTitle>
        <DialogDescription>Choose the model and write the prompt used for every row.</DialogDescription>
      </DialogHeader>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <ModelConnectionFields
        value={values}
        onChange={patch}
        models={props.models}
        connections={props.connections}
        onConnectionAdded={connectionAdded}
      />
      <UseCaseField value={values.useCase} onChange={(useCase) => set("useCase", useCase)} />
      <PromptEditor
        value={values.prompt}
        onChange={(prompt) => set("prompt", prompt)}
        columns={columns}
        missing={columns.length ? missingVariables(values.prompt, columns) : []}
        fieldProps={form.field("prompt")}
      />
      <div className="space-y-1.5">
        <Label htmlFor="ai-schema">JSON Schema</Label>
        <Textarea
          id="ai-schema"
          rows={6}
          className="font-mono text-xs"
          {...form.register("jsonSchema")}
          {...form.field("jsonSchema")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="ai-max-rows">Maximum Rows to Process</Label>
          <Input
            id="ai-max-rows"
            type="number"
            min={1}
            max={rows.length || undefined}
            {...form.register("maxRows", {
              onBlur: (e: React.FocusEvent<HTMLInputElement>) =>
                set("maxRows", String(clampMaxRows(e.target.value, rows.length))),
            })}
            {...form.field("maxRows")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ai-only-run-if">Only Run If (Condition)</Label>
          <Input
            id="ai-only-run-if"
            placeholder="e.g. !{{Subject Line}}"
            {...form.register("onlyRunIf")}
            {...form.field("onlyRunIf")}
          />
          <p className="text-xs text-muted-foreground">!{"{{Column}}"} runs only rows where that column is empty.</p>
          {noMatch ? (
            <p className="text-xs font-medium text-destructive" role="status" data-testid="no-rows-match">
              No rows match the criteria
            </p>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ai-max-cost">Spending cap per run (USD)</Label>
          <Input
            id="ai-max-cost"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="No cap"
            {...form.register("maxCostUsd")}
            {...form.field("maxCostUsd")}
          />
          <p className="text-xs text-muted-foreground">
            A bulk run stops before a row would take its provider cost past this amount.
          </p>
        </div>
      </div>
      <TemplateControls
        templates={props.templates}
        onLoad={loadTemplate}
        onStarter={applyStarter}
        onSave={saveTemplate}
      />
      <RunModeField
        state={runMode}
        payload={bulkPayloadOf(values, props.csvId, allRows.map(rowIdAt), options, runMode.cap)}
      />
      <RunOptionsFields value={options} onChange={setOptions} approvedInRun={approvedInRun} />
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="button" variant="secondary" disabled={previewAction.disabled} onClick={previewAction.onSelect}>
          <Eye aria-hidden /> {previewAction.label}
        </Button>
        <SaveRunMenu
          settings={values}
          csvId={props.csvId}
          allRows={allRows}
          viewRows={viewRows}
          rowIdAt={rowIdAt}
          options={runOptions}
          onOptionsChange={(next) => setOptions({ ...next, mode: options.mode })}
          skips={skips}
          maxCostUsd={runMode.cap}
          remainingCredits={remainingCredits}
          busy={busy}
          onRun={(rowIndices) => void saveAndRun(rowIndices)}
          onSaveOnly={() => void save().then((config) => config && onOpenChange(false))}
          preview={previewAction}
        />
      </DialogFooter>
      <PreviewDialog {...preview.dialog} columns={columns} />
    </div>
  );
}
