"use client";

import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { DEFAULT_MODEL_BY_PROVIDER, providerOfModelId } from "@/lib/ai/models";
import { missingVariables } from "@/lib/ai/prompt-variables";
import { selectRowIndices } from "@/lib/ai/row-selection";
import type { UseCase } from "@/lib/ai/providers";
import { api, messageOf } from "@/lib/client/api";
import { LAST_USED_CONFIG_KEY, type AiConfigJson } from "@/lib/client/ai-types";
import { ModelConnectionFields } from "./model-connection-fields";
import { PromptEditor } from "./prompt-editor";
import { TemplateControls } from "./template-controls";
import type { AiSetup } from "./use-ai-setup";
import type { TableRow } from "./use-csv-file";

export type RunRequest = { config: AiConfigJson; rowIndices: number[] };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: AiSetup;
  /** The dialog's starting values (saved config, or a template being edited). */
  initial: AiConfigJson;
  columns: string[];
  rows: TableRow[];
  /** Indices of the rows currently in view in the table. */
  visibleRowIndices: () => number[];
  onRun: (run: RunRequest) => void;
}

/** Maximum Rows to Process: at least 1, at most the row count, 1 when not a number. */
export function clampMaxRows(text: string, rowCount: number): number {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return 1;
  return Math.max(1, Math.min(n, rowCount > 0 ? rowCount : 100_000));
}

export function AiConfigDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-3xl">{props.open ? <ConfigForm {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

function ConfigForm({ onOpenChange, setup, initial, columns, rows, visibleRowIndices, onRun }: Props) {
  const [form, setForm] = useState<AiConfigJson>(initial);
  const [maxRowsText, setMaxRowsText] = useState(String(initial.maxRows));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const patch = (p: Partial<AiConfigJson>) => setForm((f) => ({ ...f, ...p }));
  const current = (): AiConfigJson => ({ ...form, maxRows: clampMaxRows(maxRowsText, rows.length) });

  const remaining = setup.credits?.unlimited ? Infinity : (setup.credits?.credits.remaining ?? Infinity);
  const allRows = selectRowIndices(rows, { onlyRunIf: form.onlyRunIf, maxRows: clampMaxRows(maxRowsText, rows.length) });
  const viewRows = selectRowIndices(rows, { rowsToProcess: visibleRowIndices(), onlyRunIf: form.onlyRunIf, maxRows: clampMaxRows(maxRowsText, rows.length) });

  async function save(): Promise<AiConfigJson | null> {
    const config = current();
    setBusy(true);
    setError("");
    try {
      const res = await api<{ aiConfig: AiConfigJson }>("/api/ai/config", { method: "PUT", body: config });
      localStorage.setItem(LAST_USED_CONFIG_KEY, JSON.stringify(res.aiConfig));
      setup.setConfig(res.aiConfig);
      return res.aiConfig;
    } catch (err) {
      setError(messageOf(err, "Failed to save configuration. Please try again."));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function saveAndRun(rowIndices: number[]) {
    const config = await save();
    if (!config) return;
    onOpenChange(false);
    onRun({ config, rowIndices });
  }

  async function saveTemplate(name: string): Promise<string | null> {
    try {
      await api("/api/ai/templates", { body: { name, ...current() } });
      await setup.refreshTemplates();
      return null;
    } catch (err) {
      return `Failed to save template: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}`;
    }
  }

  return (
    <div className="space-y-5">
      <DialogHeader>
        <DialogTitle>AI Configuration</DialogTitle>
        <DialogDescription>Choose the model and write the prompt used for every row.</DialogDescription>
      </DialogHeader>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <ModelConnectionFields
        form={form}
        onChange={patch}
        models={setup.models}
        connections={setup.connections}
        onConnectionAdded={async (connection) => {
          await setup.refreshConfig().catch(() => undefined);
          await setup.refreshModels();
          // As when a connection is picked: a model of another provider gives way to this provider's default.
          setForm((f) => ({
            ...f,
            connectionId: connection._id,
            selectedModel: providerOfModelId(f.selectedModel) === connection.provider ? f.selectedModel : DEFAULT_MODEL_BY_PROVIDER[connection.provider],
          }));
        }}
      />
      <div className="space-y-1.5">
        <Label>Use case</Label>
        <RadioGroup value={form.useCase} onValueChange={(v) => patch({ useCase: v as UseCase })} className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="web_research" /> Web Research
          </label>
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="content_creation" /> Content Creation
          </label>
        </RadioGroup>
        <p className="text-xs text-muted-foreground">Web Research lets the model look up each prospect&apos;s company online before writing.</p>
      </div>
      <PromptEditor value={form.prompt} onChange={(prompt) => patch({ prompt })} columns={columns} missing={columns.length ? missingVariables(form.prompt, columns) : []} />
      <div className="space-y-1.5">
        <Label htmlFor="ai-schema">JSON Schema</Label>
        <Textarea id="ai-schema" rows={6} className="font-mono text-xs" value={form.jsonSchema} onChange={(e) => patch({ jsonSchema: e.target.value })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="ai-max-rows">Maximum Rows to Process</Label>
          <Input id="ai-max-rows" type="number" min={1} max={rows.length || undefined} value={maxRowsText} onChange={(e) => setMaxRowsText(e.target.value)} onBlur={() => setMaxRowsText(String(clampMaxRows(maxRowsText, rows.length)))} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ai-only-run-if">Only Run If (Condition)</Label>
          <Input id="ai-only-run-if" value={form.onlyRunIf} placeholder="e.g. !{{Subject Line}}" onChange={(e) => patch({ onlyRunIf: e.target.value })} />
          <p className="text-xs text-muted-foreground">!{"{{Column}}"} runs only rows where that column is empty.</p>
        </div>
      </div>
      <TemplateControls templates={setup.templates} onLoad={(t) => { setForm({ prompt: t.prompt, jsonSchema: t.jsonSchema, maxRows: t.maxRows, onlyRunIf: t.onlyRunIf, selectedModel: t.selectedModel, useCase: t.useCase, connectionId: t.connectionId ?? form.connectionId }); setMaxRowsText(String(t.maxRows)); }} onSave={saveTemplate} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" disabled={busy}>
              {busy ? "Saving..." : "Save"} <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={allRows.length === 0 || remaining < allRows.length} onSelect={() => void saveAndRun(allRows)}>
              Save and run {allRows.length} rows
            </DropdownMenuItem>
            <DropdownMenuItem disabled={viewRows.length === 0 || remaining < viewRows.length} onSelect={() => void saveAndRun(viewRows)}>
              Save and run {viewRows.length} rows in this view
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void save().then((c) => c && onOpenChange(false))}>Save and don&apos;t run</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </DialogFooter>
    </div>
  );
}
