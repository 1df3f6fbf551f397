"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { useDeliveryRecorded, useIntegrations } from "@/lib/client/queries/integrations";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import type { AiSettings } from "@/lib/ai/defaults";
import { isFailedRow } from "@/lib/ai/result";
import { messageOf } from "@/lib/client/api";
import { useAiConfig, useCredits, useModels, useTemplate, useTemplates } from "@/lib/client/queries/ai";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import type { ModelOption } from "@/lib/services/models/available-models";
import { ModelWarnings } from "@/components/models/model-warnings";
import { starterSettings } from "@/lib/ai/starter-templates";
import { CreditsMeter } from "./credits-meter";
import { useImportCsv } from "./csv-import";
import { useCsvEdits, useCsvTable, type TableRow } from "./csv-store";
import { CsvTable, ROW_HEIGHT, type RowState } from "./csv-table";
import { GeneratorHeader } from "./generator-header";
import { GeneratorEmptyState } from "./generator-empty-state";
import { GeneratorToolbar } from "./generator-toolbar";
// The dialogs load their code when first opened (lazy-dialogs.tsx).
import {
  AddColumnDialog,
  AddRowDialog,
  AiConfigDialog,
  AiResponseDialog,
  ConfirmDialog,
  CreditLimitDialog,
  EditEmailSheet,
  ExportGateDialog,
} from "./lazy-dialogs";
import { ProgressPanel } from "./progress-panel";
import { hasAiResponse, RowActions } from "./row-actions";
import { CSV_ID_KEY, useSessionItem } from "./session-state";
import { TableFooter } from "./table-footer";
import { QualityCell } from "./quality-cell";
import { QualityControls } from "./quality-controls";
import { useQualityView } from "./quality-view";
import { useExport } from "./use-export";
import { useGeneration } from "./use-generation";
import { RunMessage } from "./run-message";
import { useTimedMessage } from "./use-timed-message";
import type { CreditsJson, TemplateJson, UserAiConfigJson } from "@/lib/responses/ai";

type Confirm = { kind: "row"; row: TableRow } | { kind: "column"; name: string } | null;

interface Props {
  initialCsvId: string | null;
  templateId: string | null;
  initialConfig: UserAiConfigJson;
  initialCredits: CreditsJson | null;
}

const NO_MODELS: ModelOption[] = [];
const NO_TEMPLATES: TemplateJson[] = [];

/** Row highlights, light and dark: a row being generated, and a failed row (red, with Retry). */
const GENERATING: RowState = { className: "bg-accent hover:bg-accent", label: "Generating..." };
const FAILED: RowState = { className: "bg-red-50 hover:bg-red-100 dark:bg-red-950 dark:hover:bg-red-900" };

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

export function GeneratorView({ initialCsvId, templateId, initialConfig, initialCredits }: Props) {
  const router = useRouter();

  // The file: ?csvId=, else the one kept in session storage (known once hydrated), else an import.
  const storedCsvId = useSessionItem(CSV_ID_KEY);
  const [csvId, setCsvId] = useState<string | null | undefined>(initialCsvId ?? undefined);
  if (csvId === undefined && storedCsvId !== undefined) setCsvId(storedCsvId);
  const fromUrl = Boolean(csvId) && csvId === initialCsvId;
  const file = useCsvTable(csvId ?? null, { fromUrl });
  const table = file.data ?? null;
  const edits = useCsvEdits();
  const importer = useImportCsv();
  const [opError, setOpError] = useState("");

  // The AI set-up (credit-fetch failures are silently ignored: the last known credits stay).
  const config = useAiConfig(initialConfig).data ?? initialConfig;
  const models = useModels().data?.models ?? NO_MODELS;
  const templates = useTemplates().data ?? NO_TEMPLATES;
  const credits = useCredits(initialCredits).data ?? null;
  const integrations = useIntegrations();
  const deliveryRecorded = useDeliveryRecorded();
  const remainingCredits = credits?.unlimited ? Infinity : (credits?.credits.remaining ?? Infinity);
  const active = config.connections.find((c) => c._id === config.aiConfig.connectionId);

  const [message, showMessage] = useTimedMessage();
  const [limitOpen, setLimitOpen] = useState(false);
  const openLimit = useCallback(() => setLimitOpen(true), []);
  const gen = useGeneration({ table, config: config.aiConfig, credits, edits, show: showMessage, openLimit });
  const quality = useQualityView(table, setOpError);
  const exporter = useExport(table, (target) => void deliveryRecorded(target), quality.blockedRowIds);

  const [addRowOpen, setAddRowOpen] = useState(false);
  const [addColumnOpen, setAddColumnOpen] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; initial: AiSettings | null }>({ open: false, initial: null });
  const [editing, setEditing] = useState<TableRow | null>(null);
  const [response, setResponse] = useState<{ text: string; rowId: number } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  // ?template={id}: the dialog opens with that template's settings once it is read.
  const template = useTemplate(templateId);
  const [openedTemplate, setOpenedTemplate] = useState<string | null>(null);
  if (template.data && openedTemplate !== template.data._id) {
    setOpenedTemplate(template.data._id);
    setDialog({ open: true, initial: settingsOfTemplate(template.data) });
  }

  const fail = (fallback: string) => (err: unknown) => setOpError(messageOf(err, fallback));
  const saveCell = (rowId: number, column: string, value: string) => {
    if (table)
      edits.updateCell(table.id, rowId, column, value).catch(fail("Failed to save the cell. Please try again."));
  };

  function importFile(picked: File) {
    setOpError("");
    importer.importFile(picked, {
      onSuccess: ({ table: imported }) => {
        setCsvId(imported.id);
        router.replace(`/email-generator?csvId=${imported.id}`, { scroll: false });
      },
    });
  }

  const visibleRowIndices = () => {
    const el = scrollRef.current;
    if (!el || !table) return [];
    const first = Math.floor(el.scrollTop / ROW_HEIGHT);
    const shown = quality.visibleRows; // the "Flagged rows" filter may show only some rows
    const last = Math.min(shown.length - 1, Math.floor((el.scrollTop + el.clientHeight - ROW_HEIGHT) / ROW_HEIGHT));
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => quality.indexOf(shown[first + i]!));
  };

  const rowState = (row: TableRow) =>
    gen.isGenerating(row.id) ? GENERATING : isFailedRow(row.data) ? FAILED : undefined;

  const loading = importer.progress ?? (file.isLoading ? { text: "Loading CSV data..." } : null);
  const loadError = file.isError ? (fromUrl ? "Could not load the requested CSV file" : "Error loading CSV data") : "";
  const errors = [
    importer.error,
    opError,
    importer.progress ? "" : loadError,
    template.isError ? "Error loading template" : "",
    gen.pollError,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <GeneratorHeader
        rowCount={table ? table.rows.length : null}
        fileName={table?.fileName}
        connectionLabel={active ? `${active.provider} > ${active.name}` : null}
      >
        <CreditsMeter credits={credits} />
      </GeneratorHeader>
      <ModelWarnings kinds={["config", "batch"]} />
      <GeneratorToolbar
        hasTable={Boolean(table)}
        busy={Boolean(loading)}
        onImport={importFile}
        onConfigure={() => setDialog({ open: true, initial: null })}
        onExportCsv={exporter.exportCsv}
        exportTargets={[
          {
            id: "make",
            label: "Export to Make",
            configured: integrations.make.isConfigured,
            onSelect: () => exporter.exportTo("make"),
          },
          {
            id: "zapier",
            label: "Export to Zapier",
            configured: integrations.zapier.isConfigured,
            onSelect: () => exporter.exportTo("zapier"),
          },
        ]}
        onAddRow={() => setAddRowOpen(true)}
        onAddColumn={() => setAddColumnOpen(true)}
      >
        {table ? (
          <QualityControls
            quality={quality}
            busy={Boolean(gen.batch)}
            remainingCredits={remainingCredits}
            config={config.aiConfig}
            onRun={gen.startRun}
          />
        ) : null}
      </GeneratorToolbar>
      {errors.map((text) => (
        <FormAlert key={text} kind="error">
          {text}
        </FormAlert>
      ))}
      {importer.notice ? <FormAlert kind="success">{importer.notice}</FormAlert> : null}
      <RunMessage message={message} failedRows={gen.failedRows} onRerunFailed={gen.rerunFailed} />
      {gen.batch ? (
        <ProgressPanel
          batch={gen.batch}
          stopping={gen.stopping}
          onStop={gen.stop}
          controlling={gen.controlling}
          onControl={gen.control}
        />
      ) : null}
      {loading ? (
        <div className="space-y-2 rounded-lg border bg-card p-4" role="status">
          <div className="flex items-center gap-2 text-sm">
            <Spinner className="text-primary" /> {loading.text}
          </div>
          {"progress" in loading && loading.progress !== undefined ? (
            <Progress value={loading.progress} aria-label="Import progress" />
          ) : null}
        </div>
      ) : null}
      {table ? (
        <>
          <CsvTable
            columns={table.columns}
            rows={quality.visibleRows}
            rowIndex={quality.indexOf}
            empty="No flagged rows: no generated row has a quality flag."
            scrollRef={scrollRef}
            onDeleteColumn={(name) => setConfirm({ kind: "column", name })}
            onSaveCell={saveCell}
            rowState={rowState}
            renderActions={(row, index) => (
              <RowActions
                quality={
                  <QualityCell
                    quality={quality.of(row)}
                    rowNumber={index + 1}
                    onToggleApproved={() => quality.toggleApproved(row)}
                  />
                }
                failed={isFailedRow(row.data)}
                hasResponse={hasAiResponse(row.data)}
                busy={gen.isGenerating(row.id)}
                onGenerate={() => gen.generateOne(row, index, false)}
                onRetry={() => gen.generateOne(row, index, true)}
                onEdit={() => setEditing(row)}
                onViewResponse={() => setResponse({ text: row.data[GENERATED_COLUMNS.response]!, rowId: row.id })}
                onDelete={() => setConfirm({ kind: "row", row })}
              />
            )}
          />
          <TableFooter
            rows={table.rows.length}
            shown={quality.visibleRows.length}
            columns={table.columns.length}
            scrollRef={scrollRef}
          />
        </>
      ) : !loading ? (
        <GeneratorEmptyState
          onStarter={(starter) =>
            setDialog({ open: true, initial: { ...config.aiConfig, ...starterSettings(starter) } })
          }
        />
      ) : null}
      <AiConfigDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        initial={dialog.initial ?? config.aiConfig}
        models={models}
        connections={config.connections}
        templates={templates}
        remainingCredits={remainingCredits}
        csvId={table?.id}
        columns={table?.columns ?? []}
        rows={table?.rows ?? []}
        visibleRowIndices={visibleRowIndices}
        onRun={gen.runAfterSave}
      />
      <ExportGateDialog {...exporter.gate} />
      <CreditLimitDialog open={limitOpen} onOpenChange={setLimitOpen} daily={credits?.credits.daily ?? 100} />
      <AddRowDialog
        open={addRowOpen}
        onOpenChange={setAddRowOpen}
        columns={table?.columns ?? []}
        onAdd={(data) => (table ? edits.addRow(table.id, data) : Promise.resolve())}
      />
      <AddColumnDialog
        open={addColumnOpen}
        onOpenChange={setAddColumnOpen}
        columns={table?.columns ?? []}
        onAdd={(name) => (table ? edits.addColumn(table.id, name) : Promise.resolve())}
      />
      <EditEmailSheet
        row={editing}
        rowNumber={editing && table ? table.rows.findIndex((r) => r.id === editing.id) + 1 : 0}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={(rowId, data) => (table ? edits.updateRow(table.id, rowId, data) : Promise.resolve())}
      />
      <AiResponseDialog
        response={response?.text ?? null}
        csvId={table?.id ?? null}
        rowId={response?.rowId ?? null}
        onOpenChange={(open) => !open && setResponse(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        message={
          confirm?.kind === "column"
            ? `Are you sure you want to delete column '${confirm.name}'?`
            : "Are you sure you want to delete this row?"
        }
        onConfirm={() => {
          if (!table) return;
          if (confirm?.kind === "row")
            edits.deleteRow(table.id, confirm.row.id).catch(fail("Failed to delete the row. Please try again."));
          if (confirm?.kind === "column")
            edits.deleteColumn(table.id, confirm.name).catch(fail("Failed to delete the column. Please try again."));
        }}
      />
    </div>
  );
}
