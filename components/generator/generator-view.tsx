"use client";

import { FileSpreadsheet, Pencil, ScrollText, Trash2 } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/client/api";
import { downloadText, exportFileName } from "@/lib/client/download";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { toCsvText } from "@/lib/csv/parse-csv";
import { AddColumnDialog } from "./add-column-dialog";
import { AddRowDialog } from "./add-row-dialog";
import { AiResponseDialog } from "./ai-response-dialog";
import { CsvTable } from "./csv-table";
import { EditEmailSheet } from "./edit-email-sheet";
import { GeneratorHeader } from "./generator-header";
import { GeneratorToolbar } from "./generator-toolbar";
import { TableFooter } from "./table-footer";
import { useCsvFile, type TableRow } from "./use-csv-file";
import { useCsvLoader } from "./use-csv-loader";
import { useTimedMessage } from "./use-timed-message";

type Confirm = { kind: "row"; row: TableRow } | { kind: "column"; name: string } | null;

export function GeneratorView({ connectionLabel, initialCsvId }: { connectionLabel: string | null; initialCsvId: string | null }) {
  const csv = useCsvFile();
  const { table } = csv;
  const loader = useCsvLoader(csv, initialCsvId);
  const [message, showMessage] = useTimedMessage();
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [addRowOpen, setAddRowOpen] = useState(false);
  const [addColumnOpen, setAddColumnOpen] = useState(false);
  const [editing, setEditing] = useState<TableRow | null>(null);
  const [response, setResponse] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setError } = loader;

  const fail = useCallback((fallback: string) => (err: unknown) => setError(messageOf(err, fallback)), [setError]);
  const saveCell = useCallback(
    (rowId: number, column: string, value: string) => void csv.updateCell(rowId, column, value).catch(fail("Failed to save the cell. Please try again.")),
    [csv, fail],
  );

  function exportCsv() {
    if (!table || table.rows.length === 0) return showMessage({ kind: "error", text: "No data to export" });
    downloadText(exportFileName(table.fileName), toCsvText(table.columns, table.rows.map((r) => r.data)));
    showMessage({ kind: "success", text: `Exported ${table.rows.length} rows as CSV` });
  }

  const renderActions = (row: TableRow) => (
    <>
      <Button size="icon" variant="ghost" className="size-8" aria-label="Edit email" title="Edit email" onClick={() => setEditing(row)}>
        <Pencil />
      </Button>
      {row.data[GENERATED_COLUMNS.response] ? (
        <Button size="icon" variant="ghost" className="size-8" aria-label="View AI response" title="View AI response" onClick={() => setResponse(row.data[GENERATED_COLUMNS.response]!)}>
          <ScrollText />
        </Button>
      ) : null}
      <Button size="icon" variant="ghost" className="size-8 text-destructive" aria-label="Delete row" title="Delete row" onClick={() => setConfirm({ kind: "row", row })}>
        <Trash2 />
      </Button>
    </>
  );

  return (
    <div className="space-y-4">
      <GeneratorHeader rowCount={table ? table.rows.length : null} fileName={table?.fileName} connectionLabel={connectionLabel} />
      <GeneratorToolbar
        hasTable={Boolean(table)}
        busy={Boolean(loader.status)}
        onImport={loader.importFile}
        onConfigure={() => undefined}
        onExportCsv={exportCsv}
        exportTargets={[
          { id: "make", label: "Export to Make", configured: false, onSelect: () => undefined },
          { id: "zapier", label: "Export to Zapier", configured: false, onSelect: () => undefined },
        ]}
        onAddRow={() => setAddRowOpen(true)}
        onAddColumn={() => setAddColumnOpen(true)}
      />
      {loader.error ? <FormAlert kind="error">{loader.error}</FormAlert> : null}
      {loader.notice ? <FormAlert kind="success">{loader.notice}</FormAlert> : null}
      {message ? <FormAlert kind={message.kind === "error" ? "error" : "success"}>{message.text}</FormAlert> : null}
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
            renderActions={renderActions}
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
