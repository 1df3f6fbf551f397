"use client";

import { useMutationState, useQueryClient } from "@tanstack/react-query";
import type { AiSettings } from "@/lib/ai/defaults";
import { hasCode } from "@/lib/client/api";
import { generationKeys, useGenerateRow, type GenerateRowVariables } from "@/lib/client/queries/generation";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { syncChanges, type CsvEdits, type CsvTable, type TableRow } from "./csv-store";
import { EMPTY_PROMPT, errorText, NO_CREDITS } from "./generation-messages";
import { promptToRun } from "./last-used-config";
import type { TimedMessage } from "./use-timed-message";

interface Options {
  table: CsvTable | null;
  config: AiSettings;
  /** The credits left today (Infinity: unlimited, or not known). */
  remaining: number;
  edits: CsvEdits;
  show: (message: TimedMessage, persist?: boolean) => void;
  openLimit: () => void;
}

/** One row: Generate email, and Retry of a failed row (isRetry: no credit check). */
export function useRowGeneration({ table, config, remaining, edits, show, openLimit }: Options) {
  const queryClient = useQueryClient();
  const generateRow = useGenerateRow({
    onMutate: ({ rowId, input }) => {
      if (input.isRetry && input.csvId) {
        edits.showCells(input.csvId, rowId, { [GENERATED_COLUMNS.subject]: "", [GENERATED_COLUMNS.body]: "" });
      }
    },
    onSuccess: () => show(null), // a previous error no longer applies
    onError: (error) => {
      if (hasCode(error, "daily_credit_limit")) {
        show(
          { kind: "error", text: "Daily credit limit reached. Upgrade to the lifetime plan for unlimited emails." },
          true,
        );
        openLimit();
      } else show({ kind: "error", text: `Error generating email: ${errorText(error)}` }, true);
    },
    // The row stays "Generating..." until its new cells (or error cells) are in the table.
    onSettled: async (_data, _error, { input }) => {
      if (input.csvId) await syncChanges(queryClient, input.csvId).catch(() => undefined);
    },
  });
  const rowsGenerating = useMutationState({
    filters: { mutationKey: generationKeys.generateRow(), status: "pending" },
    select: (mutation) => (mutation.state.variables as GenerateRowVariables | undefined)?.rowId,
  });

  function generateOne(row: TableRow, index: number, isRetry: boolean) {
    if (!table) return;
    if (!isRetry && remaining <= 0) {
      show({ kind: "error", text: NO_CREDITS }, true);
      return openLimit();
    }
    const prompt = promptToRun(config);
    if (!prompt) return show({ kind: "error", text: EMPTY_PROMPT }, true);
    generateRow.mutate({
      rowId: row.id,
      input: {
        prompt,
        jsonSchema: config.jsonSchema,
        model: config.selectedModel,
        useCase: config.useCase,
        data: row.data,
        selectedRowIndex: index,
        connectionId: config.connectionId,
        csvId: table.id,
        isRetry,
      },
    });
  }

  return { generateOne, isRowGenerating: (rowId: number) => rowsGenerating.includes(rowId) };
}
