"use client";

import { useMemo } from "react";
import type { GeneratorView } from "@/lib/services/preferences/schemas";
import type { CsvTable } from "./csv-store";
import { PUSHED_COLUMN } from "./push-receipts";
import { extraOutputFields, inputColumnsOf, orderColumns, outputColumnsOf, withDisplayColumn } from "./table-layout";

/**
 * The table's columns for a view: the output columns (reading order), the prospect's columns, and
 * the slots the table shows — with the "Pushed" column right after the last output column when some
 * row was pushed. Stable while the columns, the view and the output fields stay the same (rows
 * changing during a run do not rebuild the table's columns).
 */
export function useTableLayout(table: CsvTable, view: GeneratorView, jsonSchema: string, pushed: boolean) {
  const extrasKey = useMemo(() => [...extraOutputFields(jsonSchema, table.rows)].join("\n"), [jsonSchema, table.rows]);
  return useMemo(() => {
    const outputs = outputColumnsOf(table.columns, new Set(extrasKey.split("\n").filter(Boolean)));
    const ordered = orderColumns(table.columns, view, outputs);
    const isOutput = new Set(outputs);
    const lastOutput = ordered.findLast((c) => isOutput.has(c)) ?? null;
    return {
      outputs,
      inputs: inputColumnsOf(table.columns, outputs),
      slots: pushed ? withDisplayColumn(ordered, PUSHED_COLUMN, lastOutput) : ordered,
    };
  }, [table.columns, view, extrasKey, pushed]);
}
