"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api";
import { CSV_LIMITS } from "@/lib/csv/limits";
import type { ParsedCsv } from "@/lib/csv/parse-csv";

export interface TableRow {
  id: number;
  data: Record<string, string>;
}

export interface CsvTable {
  id: string;
  fileName: string;
  columns: string[];
  rows: TableRow[];
  serverTime: string;
  rowsReplacedAt: string | null;
}

interface CsvFileResponse {
  _id: string;
  fileName: string;
  columns: string[];
  rows: Record<string, string>[];
  rowIds: number[];
  serverTime: string;
  rowsReplacedAt: string | null;
}

export const CSV_ID_KEY = "currentCsvId";

interface ChangesResponse {
  columns: string[];
  serverTime: string;
  reload: boolean;
  rowsReplacedAt: string | null;
  rows: { _id: number; data: Record<string, string>; deleted: boolean }[];
}

function toTable(file: CsvFileResponse): CsvTable {
  return {
    id: file._id,
    fileName: file.fileName,
    columns: file.columns,
    rows: file.rows.map((data, i) => ({ id: file.rowIds[i]!, data })),
    serverTime: file.serverTime,
    rowsReplacedAt: file.rowsReplacedAt,
  };
}

/** The generator's table and every edit of it, each saved through the CSV API. */
export function useCsvFile() {
  const [table, setTable] = useState<CsvTable | null>(null);
  const tableRef = useRef<CsvTable | null>(null);
  useEffect(() => {
    tableRef.current = table;
  }, [table]);

  const update = useCallback((fn: (t: CsvTable) => CsvTable) => setTable((t) => (t ? fn(t) : t)), []);

  const load = useCallback(async (id: string) => {
    const file = await api<CsvFileResponse>(`/api/csv/${encodeURIComponent(id)}`);
    const next = toTable(file);
    setTable(next);
    return next;
  }, []);

  /** Stores a parsed file (in chunks when large) and loads it back with its row ids. */
  const importParsed = useCallback(
    async (fileName: string, parsed: ParsedCsv, onProgress?: (sent: number, total: number) => void) => {
      const { columns, rows } = parsed;
      const size = CSV_LIMITS.chunkRows;
      const first = rows.slice(0, size);
      const single = rows.length <= size;
      const created = await api<CsvFileResponse>("/api/csv/import", { body: { fileName, columns, rows: first, final: single } });
      onProgress?.(first.length, rows.length);
      if (single) {
        const next = toTable(created);
        setTable(next);
        return next;
      }
      try {
        for (let i = size; i < rows.length; i += size) {
          const chunk = rows.slice(i, i + size);
          await api(`/api/csv/${created._id}/append`, { body: { rows: chunk, final: i + size >= rows.length } });
          onProgress?.(Math.min(i + size, rows.length), rows.length);
        }
      } catch (error) {
        await api(`/api/csv/${created._id}`, { method: "DELETE" }).catch(() => undefined);
        throw error;
      }
      return load(created._id);
    },
    [load],
  );

  const updateCell = useCallback(
    async (rowId: number, column: string, value: string) => {
      const t = tableRef.current;
      if (!t) return;
      const previous = t.rows.find((r) => r.id === rowId)?.data[column] ?? "";
      if (previous === value) return;
      update((cur) => ({ ...cur, rows: cur.rows.map((r) => (r.id === rowId ? { ...r, data: { ...r.data, [column]: value } } : r)) }));
      try {
        await api(`/api/csv/${t.id}/rows/${rowId}`, { method: "PATCH", body: { data: { [column]: value } } });
      } catch (error) {
        update((cur) => ({ ...cur, rows: cur.rows.map((r) => (r.id === rowId ? { ...r, data: { ...r.data, [column]: previous } } : r)) }));
        throw error;
      }
    },
    [update],
  );

  /** Writes several cells of one row, adding any missing columns first (Edit Email panel). */
  const updateRow = useCallback(
    async (rowId: number, data: Record<string, string>) => {
      const t = tableRef.current;
      if (!t) return;
      for (const column of Object.keys(data).filter((c) => !t.columns.includes(c))) {
        const { columns } = await api<{ columns: string[] }>(`/api/csv/${t.id}/columns`, { body: { name: column } });
        update((cur) => ({ ...cur, columns }));
      }
      await api(`/api/csv/${t.id}/rows/${rowId}`, { method: "PATCH", body: { data } });
      update((cur) => ({ ...cur, rows: cur.rows.map((r) => (r.id === rowId ? { ...r, data: { ...r.data, ...data } } : r)) }));
    },
    [update],
  );

  const addRow = useCallback(
    async (data: Record<string, string>) => {
      const t = tableRef.current;
      if (!t) return;
      const row = await api<{ _id: number; data: Record<string, string> }>(`/api/csv/${t.id}/rows`, { body: { data } });
      update((cur) => ({ ...cur, rows: [...cur.rows, { id: row._id, data: row.data }] }));
    },
    [update],
  );

  const deleteRow = useCallback(
    async (rowId: number) => {
      const t = tableRef.current;
      if (!t) return;
      await api(`/api/csv/${t.id}/rows/${rowId}`, { method: "DELETE" });
      update((cur) => ({ ...cur, rows: cur.rows.filter((r) => r.id !== rowId) }));
    },
    [update],
  );

  const addColumn = useCallback(
    async (name: string) => {
      const t = tableRef.current;
      if (!t) return;
      const { columns } = await api<{ columns: string[] }>(`/api/csv/${t.id}/columns`, { body: { name } });
      update((cur) => ({ ...cur, columns }));
    },
    [update],
  );

  const deleteColumn = useCallback(
    async (name: string) => {
      const t = tableRef.current;
      if (!t) return;
      const { columns } = await api<{ columns: string[] }>(`/api/csv/${t.id}/columns/${encodeURIComponent(name)}`, { method: "DELETE" });
      update((cur) => ({
        ...cur,
        columns,
        rows: cur.rows.map((r) => {
          const data = { ...r.data };
          delete data[name];
          return { ...r, data };
        }),
      }));
    },
    [update],
  );

  /** Fetches only the rows changed since the last read and merges them (cheap polling). */
  const syncChanges = useCallback(async () => {
    const t = tableRef.current;
    if (!t) return [] as number[];
    const changes = await api<ChangesResponse>(`/api/csv/${t.id}/changes?since=${encodeURIComponent(t.serverTime)}`);
    if (changes.reload && changes.rowsReplacedAt !== t.rowsReplacedAt) {
      await load(t.id);
      return [];
    }
    const changed = new Map((changes.reload ? [] : changes.rows).map((r) => [r._id, r]));
    setTable((cur) => {
      if (!cur || cur.id !== t.id) return cur;
      const known = new Set(cur.rows.map((r) => r.id));
      const rows = cur.rows.filter((r) => !changed.get(r.id)?.deleted).map((r) => (changed.has(r.id) ? { id: r.id, data: changed.get(r.id)!.data } : r));
      for (const r of changed.values()) if (!known.has(r._id) && !r.deleted) rows.push({ id: r._id, data: r.data });
      const next = { ...cur, rows, columns: changes.columns, serverTime: changes.serverTime };
      tableRef.current = next;
      return next;
    });
    return changes.rows.map((r) => r._id);
  }, [load]);

  return { table, setTable, load, syncChanges, importParsed, updateCell, updateRow, addRow, deleteRow, addColumn, deleteColumn, clear: () => setTable(null) };
}

export type CsvFileState = ReturnType<typeof useCsvFile>;
