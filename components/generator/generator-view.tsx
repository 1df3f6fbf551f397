"use client";

import { FileSpreadsheet } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { isFailedRow } from "@/lib/ai/result";
import { api, messageOf } from "@/lib/client/api";
import type { AiConfigJson, ConnectionInfo, CreditsInfo, TemplateInfo } from "@/lib/client/ai-types";
import { downloadText, exportFileName } from "@/lib/client/download";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { toCsvText } from "@/lib/csv/parse-csv";
import { AddColumnDialog } from "./add-column-dialog";
import { AddRowDialog } from "./add-row-dialog";
import { AiConfigDialog } from "./ai-config-dialog";
import { AiResponseDialog } from "./ai-response-dialog";
import { CreditLimitDialog } from "./credit-limit-dialog";
import { CreditsMeter } from "./credits-meter";
import { CsvTable, ROW_HEIGHT } from "./csv-table";
import { EditEmailSheet } from "./edit-email-sheet";
import { GeneratorHeader } from "./generator-header";
import { GeneratorToolbar } from "./generator-toolbar";
import { ProgressPanel } from "./progress-panel";
import { hasAiResponse, RowActions } from "./row-actions";
import { TableFooter } from "./table-footer";
import { useIntegrations } from "@/components/integrations/use-integrations";
import { useAiSetup } from "./use-ai-setup";
import { useCsvFile, type TableRow } from "./use-csv-file";
import { useCsvLoader } from "./use-csv-loader";
import { useGeneration } from "./use-generation";
import { useTimedMessage } from "./use-timed-message";

type Confirm = { kind: "row"; row: TableRow } | { kind: "column"; name: string } | null;

interface Props {
  initialCsvId: string | null;
  templateId: string | null;
  initialSetup: { config: AiConfigJson; connections: ConnectionInfo[]; credits: CreditsInfo | null };
}

export function GeneratorView({ initialCsvId, templateId, initialSetup }: Props) {
  const csv = useCsvFile();
  const { table } = csv;
  const loader = useCsvLoader(csv, initialCsvId);
  const setup = useAiSetup(initialSetup);
  const integrations = useIntegrations();
  const [message, showMessage] = useTimedMessage();
  const [limitOpen, setLimitOpen] = useState(false);
  const gen = useGeneration(csv, setup, showMessage, useCallback(() => setLimitOpen(true), []));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [addRowOpen, setAddRowOpen] = useState(false);
  const [addColumnOpen, setAddColumnOpen] = useState(false);
  const [configOpen, setConfigOpen] = useState(false);
  const [dialogInitial, setDialogInitial] = useState<AiConfigJson | null>(null);
  const [editing, setEditing] = useState<TableRow | null>(null);
  const [response, setResponse] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setError } = loader;
  const active = setup.connections.find((c) => c._id === setup.config.connectionId);

  const fail = useCallback((fallback: string) => (err: unknown) => setError(messageOf(err, fallback)), [setError]);
  const saveCell = useCallback(
    (rowId: number, column: string, value: string) => void csv.updateCell(rowId, column, value).catch(fail("Failed to save the cell. Please try again.")),
    [csv, fail],
  );

  // ?template={id}: open the dialog with that template's settings.
  useEffect(() => {
    if (!templateId) return;
    api<TemplateInfo>(`/api/ai/templates/${encodeURIComponent(templateId)}`)
      .then((t) => {
        setDialogInitial({ prompt: t.prompt, jsonSchema: t.jsonSchema, maxRows: t.maxRows, onlyRunIf: t.onlyRunIf, selectedModel: t.selectedModel, useCase: t.useCase, connectionId: t.connectionId });
        setConfigOpen(true);
      })
      .catch(() => setError("Error loading template"));
  }, [templateId, setError]);

  const visibleRowIndices = () => {
    const el = scrollRef.current;
    if (!el || !table) return [];
    const first = Math.floor(el.scrollTop / ROW_HEIGHT);
    const last = Math.min(table.rows.length - 1, Math.floor((el.scrollTop + el.clientHeight - ROW_HEIGHT) / ROW_HEIGHT));
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
  };

  function exportCsv() {
    if (!table || table.rows.length === 0) return showMessage({ kind: "error", text: "No data to export" });
    downloadText(exportFileName(table.fileName), toCsvText(table.columns, table.rows.map((r) => r.data)));
    showMessage({ kind: "success", text: `Exported ${table.rows.length} rows as CSV` });
  }

  async function exportTo(kind: "make" | "zapier") {
    if (!table || table.rows.length === 0) return showMessage({ kind: "error", text: "No data to export" });
    showMessage({ kind: "info", text: `Sending ${table.rows.length} rows to ${kind === "make" ? "Make" : "Zapier"}...` }, true);
    try {
      await api(kind === "make" ? "/api/webhooks/send" : "/api/zapier/send", { body: { data: table.rows.map((r) => r.data) } });
      showMessage({ kind: "success", text: kind === "make" ? "Data sent to Make successfully" : "Data sent to Zapier successfully" });
    } catch (err) {
      showMessage({ kind: "error", text: `Failed to send data: ${messageOf(err, err instanceof Error ? err.message : "Unknown error")}` });
    }
    void integrations.refresh();
  }

  const rowState = (row: TableRow) =>
    gen.generating.has(row.id) ? { className: "bg-indigo-50 hover:bg-indigo-50", label: "Generating..." } : isFailedRow(row.data) ? { className: "bg-red-50 hover:bg-red-100" } : undefined;

  return (
    <div className="space-y-4">
      <GeneratorHeader rowCount={table ? table.rows.length : null} fileName={table?.fileName} connectionLabel={active ? `${active.provider} > ${active.name}` : null}>
        <CreditsMeter credits={setup.credits} />
      </GeneratorHeader>
      <GeneratorToolbar
        hasTable={Boolean(table)}
        busy={Boolean(loader.status)}
        onImport={loader.importFile}
        onConfigure={() => {
          setDialogInitial(null);
          setConfigOpen(true);
        }}
        onExportCsv={exportCsv}
        exportTargets={[
          { id: "make", label: "Export to Make", configured: integrations.make.isConfigured, onSelect: () => void exportTo("make") },
          { id: "zapier", label: "Export to Zapier", configured: integrations.zapier.isConfigured, onSelect: () => void exportTo("zapier") },
        ]}
        onAddRow={() => setAddRowOpen(true)}
        onAddColumn={() => setAddColumnOpen(true)}
      />
      {loader.error ? <FormAlert kind="error">{loader.error}</FormAlert> : null}
      {loader.notice ? <FormAlert kind="success">{loader.notice}</FormAlert> : null}
      {message ? <FormAlert kind={message.kind === "error" ? "error" : "success"}>{message.text}</FormAlert> : null}
      {gen.batch ? <ProgressPanel batch={gen.batch} stopping={gen.stopping} onStop={gen.stop} /> : null}
      {loader.status ? (
        <div className="space-y-2 rounded-lg border bg-card p-4" role="status">
          <div className="flex items-center gap-2 text-sm">
            <Spinner className="text-primary" /> {loader.status.text}
          </div>
          {loader.status.progress !== undefined ? <Progress value={loader.status.progress} aria-label="Import progress" /> : null}
        </div>
      ) : null}
      {table ? (
        <>
          <CsvTable
            columns={table.columns}
            rows={table.rows}
            widths={widths}
            scrollRef={scrollRef}
            onResize={(c, w) => setWidths((cur) => ({ ...cur, [c]: w }))}
            onDeleteColumn={(name) => setConfirm({ kind: "column", name })}
            onSaveCell={saveCell}
            rowState={rowState}
            renderActions={(row, index) => (
              <RowActions
                failed={isFailedRow(row.data)}
                hasResponse={hasAiResponse(row.data)}
                busy={gen.generating.has(row.id)}
                onGenerate={() => void gen.generateOne(row, index, false)}
                onRetry={() => void gen.generateOne(row, index, true)}
                onEdit={() => setEditing(row)}
                onViewResponse={() => setResponse(row.data[GENERATED_COLUMNS.response]!)}
                onDelete={() => setConfirm({ kind: "row", row })}
              />
            )}
          />
          <TableFooter rows={table.rows.length} columns={table.columns.length} scrollRef={scrollRef} />
        </>
      ) : !loader.status ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
          <FileSpreadsheet className="size-12 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">Upload a CSV file to get started</h2>
          <p className="max-w-md text-sm text-muted-foreground">Make sure your CSV contains columns like First Name, Company, Website, etc.</p>
        </div>
      ) : null}
      <AiConfigDialog
        open={configOpen}
        onOpenChange={setConfigOpen}
        setup={setup}
        initial={dialogInitial ?? setup.config}
        columns={table?.columns ?? []}
        rows={table?.rows ?? []}
        visibleRowIndices={visibleRowIndices}
        onRun={gen.runAfterSave}
      />
      <CreditLimitDialog open={limitOpen} onOpenChange={setLimitOpen} daily={setup.credits?.credits.daily ?? 100} />
      <AddRowDialog open={addRowOpen} onOpenChange={setAddRowOpen} columns={table?.columns ?? []} onAdd={csv.addRow} />
      <AddColumnDialog open={addColumnOpen} onOpenChange={setAddColumnOpen} columns={table?.columns ?? []} onAdd={csv.addColumn} />
      <EditEmailSheet row={editing} rowNumber={editing && table ? table.rows.findIndex((r) => r.id === editing.id) + 1 : 0} onOpenChange={(o) => !o && setEditing(null)} onSave={csv.updateRow} />
      <AiResponseDialog response={response} onOpenChange={(o) => !o && setResponse(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        message={confirm?.kind === "column" ? `Are you sure you want to delete column '${confirm.name}'?` : "Are you sure you want to delete this row?"}
        onConfirm={() => {
          if (confirm?.kind === "row") csv.deleteRow(confirm.row.id).catch(fail("Failed to delete the row. Please try again."));
          if (confirm?.kind === "column") csv.deleteColumn(confirm.name).catch(fail("Failed to delete the column. Please try again."));
        }}
      />
    </div>
  );
}
