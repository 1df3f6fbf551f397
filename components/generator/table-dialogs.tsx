"use client";

import { useState } from "react";
import type { CsvEdits, CsvTable, TableRow } from "./csv-store";
// The dialogs load their code when first opened (lazy-dialogs.tsx).
import { AddColumnDialog, AddRowDialog, AiResponseDialog, ConfirmDialog, EditEmailSheet } from "./lazy-dialogs";

type Confirm = { kind: "row"; row: TableRow } | { kind: "column"; name: string } | null;

/** Which of the table's own dialogs is open, and on what: add a row or column, edit, view, delete. */
export function useTableDialogs() {
  const [addRowOpen, setAddRowOpen] = useState(false);
  const [addColumnOpen, setAddColumnOpen] = useState(false);
  const [editing, setEditing] = useState<TableRow | null>(null);
  const [response, setResponse] = useState<{ text: string; rowId: number } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  return {
    addRowOpen,
    setAddRowOpen,
    addColumnOpen,
    setAddColumnOpen,
    editing,
    setEditing,
    response,
    setResponse,
    confirm,
    setConfirm,
  };
}

type TableDialogState = ReturnType<typeof useTableDialogs>;

/**
 * The dialogs that change the table: add a row or a column, edit a row's e-mail, view a row's AI
 * response, and confirm a row's or column's deletion. `fail` turns a failed change into the
 * screen's error message.
 */
export function TableDialogs({
  dialogs,
  table,
  edits,
  fail,
}: {
  dialogs: TableDialogState;
  table: CsvTable | null;
  edits: CsvEdits;
  fail: (fallback: string) => (err: unknown) => void;
}) {
  const { editing, response, confirm } = dialogs;
  return (
    <>
      <AddRowDialog
        open={dialogs.addRowOpen}
        onOpenChange={dialogs.setAddRowOpen}
        columns={table?.columns ?? []}
        onAdd={(data) => (table ? edits.addRow(table.id, data) : Promise.resolve())}
      />
      <AddColumnDialog
        open={dialogs.addColumnOpen}
        onOpenChange={dialogs.setAddColumnOpen}
        columns={table?.columns ?? []}
        onAdd={(name) => (table ? edits.addColumn(table.id, name) : Promise.resolve())}
      />
      <EditEmailSheet
        row={editing}
        rowNumber={editing && table ? table.rows.findIndex((r) => r.id === editing.id) + 1 : 0}
        onOpenChange={(open) => !open && dialogs.setEditing(null)}
        onSave={(rowId, data) => (table ? edits.updateRow(table.id, rowId, data) : Promise.resolve())}
      />
      <AiResponseDialog
        response={response?.text ?? null}
        csvId={table?.id ?? null}
        rowId={response?.rowId ?? null}
        onOpenChange={(open) => !open && dialogs.setResponse(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && dialogs.setConfirm(null)}
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
    </>
  );
}
