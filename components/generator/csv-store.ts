"use client";

/**
 * The generator's CSV store: the table on the screen, read and changed through TanStack Query.
 *
 * Why part of it is custom (elsewhere the app reads with queries and invalidates after a change):
 * a file can hold 50,000 rows, and while a batch runs its rows change every second. Invalidating
 * the file would download every row after each change, so
 * - the file is read once with a query (`csvFileKey(id)`) and then kept fresh by hand:
 *   `syncChanges` pulls only the rows changed since the last read (`/api/csv/{id}/changes?since=`)
 *   and merges them into the cached table (the whole file is read again only when every row was
 *   replaced);
 * - edits write into the cached table instead of invalidating it: a cell edit optimistically (put
 *   back cell by cell if the save fails, so rows merged meanwhile are kept), the others from the
 *   server's answer.
 * Pulled changes carry each row's quality flags and approval, merged into the quality query
 * (`mergeQualityChanges`): after an edit or a deleted row the changes are pulled, never the whole file.
 * Structural sharing is off for this query: the merge already keeps unchanged rows as they are,
 * and deep-comparing 50,000 rows on every merge would cost more than it saves.
 */

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { mergeQualityChanges, refreshFileQuality } from "@/lib/client/queries/quality";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { CSV_ID_KEY, writeSessionItem } from "./session-state";
import type { ChangesJson, CsvFileJson, RowJson } from "@/lib/responses/csv";

type Cells = Record<string, string>;

/** A row of the table with its database id (cell edits and polling address rows by id). */
export interface TableRow {
  id: number;
  data: Cells;
}

export interface CsvTable {
  id: string;
  fileName: string;
  columns: string[];
  rows: TableRow[];
  /** The server's clock at the last read: the next `changes?since=`. */
  serverTime: string;
  rowsReplacedAt: string | null;
}

/** The cached table of one file. (Other `["csv", ...]` queries are lists of files.) */
export const csvFileKey = (fileId: string) => ["csv", "file", fileId] as const;

export const fileUrl = (fileId: string) => `/api/csv/${encodeURIComponent(fileId)}`;

export function toTable(file: CsvFileJson): CsvTable {
  return {
    id: file._id,
    fileName: file.fileName,
    columns: file.columns,
    rows: file.rows.map((data, i) => ({ id: file.rowIds[i]!, data })),
    serverTime: file.serverTime,
    rowsReplacedAt: file.rowsReplacedAt,
  };
}

export const fetchTable = async (fileId: string) => toTable(await api<CsvFileJson>(fileUrl(fileId)));

function patchTable(queryClient: QueryClient, fileId: string, change: (table: CsvTable) => CsvTable): void {
  queryClient.setQueryData<CsvTable>(csvFileKey(fileId), (table) => (table ? change(table) : table));
}

function withCells(table: CsvTable, rowId: number, cells: Cells): CsvTable {
  return { ...table, rows: table.rows.map((r) => (r.id === rowId ? { ...r, data: { ...r.data, ...cells } } : r)) };
}

/** Lists of files (the dashboard's Recent CSV Files) show names and row counts: they are stale now. */
export function invalidateFileLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ["csv"], predicate: (query) => query.queryKey[1] !== "file" });
}

/**
 * The file shown in the generator. A file read successfully becomes the session's current file;
 * one kept from earlier in the session that cannot be read any more is forgotten (a file asked
 * for in the URL is not: the URL still names it).
 */
export function useCsvTable(fileId: string | null, { fromUrl }: { fromUrl: boolean }) {
  return useQuery({
    queryKey: csvFileKey(fileId ?? ""),
    queryFn: async () => {
      try {
        const table = await fetchTable(fileId!);
        writeSessionItem(CSV_ID_KEY, table.id);
        return table;
      } catch (error) {
        if (!fromUrl) writeSessionItem(CSV_ID_KEY, null);
        throw error;
      }
    },
    enabled: Boolean(fileId),
    staleTime: Infinity,
    refetchOnMount: "always",
    structuralSharing: false,
  });
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Merges the rows changed since the last read; unchanged rows (and columns) keep their identity. */
export function mergeChanges(table: CsvTable, changes: ChangesJson): CsvTable {
  const changed = new Map((changes.reload ? [] : changes.rows).map((r) => [r._id, r]));
  const columns = sameList(table.columns, changes.columns) ? table.columns : changes.columns;
  if (changed.size === 0) return { ...table, columns, serverTime: changes.serverTime };
  const rows: TableRow[] = [];
  const known = new Set<number>();
  for (const row of table.rows) {
    known.add(row.id);
    const next = changed.get(row.id);
    if (!next) rows.push(row);
    else if (!next.deleted) rows.push({ id: row.id, data: next.data });
  }
  for (const r of changed.values()) if (!known.has(r._id) && !r.deleted) rows.push({ id: r._id, data: r.data });
  return { ...table, rows, columns, serverTime: changes.serverTime };
}

/**
 * Pulls the rows changed since the last read into the cached table (cheap polling); reads the whole
 * file again when every row was replaced. Returns the ids of the rows that changed.
 */
export async function syncChanges(queryClient: QueryClient, fileId: string): Promise<number[]> {
  const current = queryClient.getQueryData<CsvTable>(csvFileKey(fileId));
  if (!current) return [];
  const since = encodeURIComponent(current.serverTime);
  const changes = await api<ChangesJson>(`${fileUrl(fileId)}/changes?since=${since}`);
  if (changes.reload && changes.rowsReplacedAt !== current.rowsReplacedAt) {
    await queryClient.refetchQueries({ queryKey: csvFileKey(fileId), exact: true });
    refreshFileQuality(queryClient, fileId);
    return [];
  }
  patchTable(queryClient, fileId, (table) => mergeChanges(table, changes));
  mergeQualityChanges(queryClient, fileId, changes.rows);
  return changes.rows.map((r) => r._id);
}

interface CellEdit {
  fileId: string;
  rowId: number;
  column: string;
  value: string;
}

/** Every edit of the table, each saved through the CSV API and written into the cached table. */
export function useCsvEdits() {
  const queryClient = useQueryClient();
  const patch = (fileId: string, change: (table: CsvTable) => CsvTable) => patchTable(queryClient, fileId, change);
  const current = (fileId: string) => queryClient.getQueryData<CsvTable>(csvFileKey(fileId));

  const cell = useMutation({
    mutationFn: ({ fileId, rowId, column, value }: CellEdit) =>
      api<RowJson>(`${fileUrl(fileId)}/rows/${rowId}`, { method: "PATCH", body: { data: { [column]: value } } }),
    onMutate: ({ fileId, rowId, column, value }) => {
      const previous = current(fileId)?.rows.find((r) => r.id === rowId)?.data[column] ?? "";
      patch(fileId, (table) => withCells(table, rowId, { [column]: value }));
      return { previous };
    },
    onError: (_error, { fileId, rowId, column }, context) => {
      if (context) patch(fileId, (table) => withCells(table, rowId, { [column]: context.previous }));
    },
    // The server checks an edited subject or body again.
    onSuccess: (_row, { fileId, column }) => {
      if (column === GENERATED_COLUMNS.subject || column === GENERATED_COLUMNS.body)
        void syncChanges(queryClient, fileId).catch(() => undefined);
    },
  });

  /** Edit Email: several cells of one row, adding any missing column first. */
  const row = useMutation({
    mutationFn: async ({ fileId, rowId, data }: { fileId: string; rowId: number; data: Cells }) => {
      const missing = Object.keys(data).filter((c) => !current(fileId)?.columns.includes(c));
      for (const name of missing) {
        const { columns } = await api<Pick<CsvFileJson, "columns">>(`${fileUrl(fileId)}/columns`, { body: { name } });
        patch(fileId, (table) => ({ ...table, columns }));
      }
      return api<RowJson>(`${fileUrl(fileId)}/rows/${rowId}`, { method: "PATCH", body: { data } });
    },
    onSuccess: (_row, { fileId, rowId, data }) => {
      patch(fileId, (table) => withCells(table, rowId, data));
      void syncChanges(queryClient, fileId).catch(() => undefined);
    },
  });

  const addRow = useMutation({
    mutationFn: ({ fileId, data }: { fileId: string; data: Cells }) =>
      api<RowJson>(`${fileUrl(fileId)}/rows`, { body: { data } }),
    onSuccess: (added, { fileId }) => {
      patch(fileId, (table) => ({ ...table, rows: [...table.rows, { id: added._id, data: added.data }] }));
      invalidateFileLists(queryClient);
    },
  });

  const deleteRow = useMutation({
    mutationFn: ({ fileId, rowId }: { fileId: string; rowId: number }) =>
      api(`${fileUrl(fileId)}/rows/${rowId}`, { method: "DELETE" }),
    onSuccess: (_answer, { fileId, rowId }) => {
      patch(fileId, (table) => ({ ...table, rows: table.rows.filter((r) => r.id !== rowId) }));
      invalidateFileLists(queryClient);
      void syncChanges(queryClient, fileId).catch(() => undefined);
    },
  });

  const addColumn = useMutation({
    mutationFn: ({ fileId, name }: { fileId: string; name: string }) =>
      api<Pick<CsvFileJson, "columns">>(`${fileUrl(fileId)}/columns`, { body: { name } }),
    onSuccess: ({ columns }, { fileId }) => {
      patch(fileId, (table) => ({ ...table, columns }));
      invalidateFileLists(queryClient);
    },
  });

  const deleteColumn = useMutation({
    mutationFn: ({ fileId, name }: { fileId: string; name: string }) =>
      api<Pick<CsvFileJson, "columns">>(`${fileUrl(fileId)}/columns/${encodeURIComponent(name)}`, { method: "DELETE" }),
    onSuccess: ({ columns }, { fileId, name }) => {
      patch(fileId, (table) => ({
        ...table,
        columns,
        rows: table.rows.map((r) => {
          const data = { ...r.data };
          delete data[name];
          return { ...r, data };
        }),
      }));
      invalidateFileLists(queryClient);
    },
  });

  return {
    /** Saves one cell (nothing is sent when it did not change); shown at once, put back on failure. */
    async updateCell(fileId: string, rowId: number, column: string, value: string): Promise<void> {
      const previous = current(fileId)?.rows.find((r) => r.id === rowId)?.data[column] ?? "";
      if (previous === value) return;
      await cell.mutateAsync({ fileId, rowId, column, value });
    },
    updateRow: (fileId: string, rowId: number, data: Cells) =>
      row.mutateAsync({ fileId, rowId, data }).then(() => undefined),
    addRow: (fileId: string, data: Cells) => addRow.mutateAsync({ fileId, data }).then(() => undefined),
    deleteRow: (fileId: string, rowId: number) => deleteRow.mutateAsync({ fileId, rowId }).then(() => undefined),
    addColumn: (fileId: string, name: string) => addColumn.mutateAsync({ fileId, name }).then(() => undefined),
    deleteColumn: (fileId: string, name: string) => deleteColumn.mutateAsync({ fileId, name }).then(() => undefined),
    /** Shows cells locally only (a Retry clears the failed row's texts while it regenerates). */
    showCells: (fileId: string, rowId: number, cells: Cells) =>
      patch(fileId, (table) => withCells(table, rowId, cells)),
  };
}

export type CsvEdits = ReturnType<typeof useCsvEdits>;
