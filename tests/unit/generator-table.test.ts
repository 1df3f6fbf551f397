// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CsvTable as CsvTableData, TableRow } from "@/components/generator/csv-store";
import { GeneratorTable } from "@/components/generator/generator-table";
import type { QualityView } from "@/components/generator/quality-view";
import type { GeneratorView } from "@/lib/services/preferences/schemas";

// The generator's table wired up: the view switch orders the columns, push receipts add the Pushed
// column (none when their read fails), and R opens the reading view on the first row.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SCHEMA = JSON.stringify({ type: "object", properties: { subject_line: {}, email_body: {}, follow_up_1: {} } });
const ROWS: TableRow[] = [1, 2, 3].map((id) => ({
  id,
  data: {
    Name: `Person ${id}`,
    Email: `p${id}@x.test`,
    "Subject Line": id < 3 ? `Subject ${id}` : "",
    "Email Body": id < 3 ? `Body ${id}` : "",
    "AI Response": "",
    follow_up_1: id < 3 ? `Follow-up ${id}` : "",
  },
}));
const TABLE: CsvTableData = {
  id: "file-1",
  fileName: "p.csv",
  columns: ["Name", "Email", "Subject Line", "Email Body", "AI Response", "follow_up_1"],
  rows: ROWS,
  serverTime: "2026-01-01T00:00:00.000Z",
  rowsReplacedAt: null,
};

function qualityView(toggleApproved = vi.fn()): QualityView {
  return {
    of: (row: TableRow) => (row.id < 3 ? { rowId: row.id, flags: [], approved: false } : undefined),
    indexOf: (row: TableRow) => ROWS.findIndex((r) => r.id === row.id),
    flaggedOnly: false,
    setFlaggedOnly: vi.fn(),
    flaggedRows: [],
    hasEmailStatus: false,
    failedEmailOnly: false,
    setFailedEmailOnly: vi.fn(),
    failedEmailRows: [],
    visibleRows: ROWS,
    emptyText: "No flagged rows: no generated row has a quality flag.",
    blockedRowIds: new Set<number>(),
    approvedFlagged: 0,
    toggleApproved,
  };
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

async function renderTable(view: GeneratorView, quality = qualityView()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const scrollRef = { current: null as HTMLDivElement | null };
  const dialogs = { setConfirm: vi.fn(), setEditing: vi.fn(), setResponse: vi.fn() };
  await act(async () =>
    root.render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(GeneratorTable, {
          table: TABLE,
          quality,
          scrollRef,
          isGenerating: () => false,
          generateOne: vi.fn(),
          onSaveCell: vi.fn(),
          dialogs: dialogs as unknown as Parameters<typeof GeneratorTable>[0]["dialogs"],
          jsonSchema: SCHEMA,
          view,
          onViewChange: vi.fn(),
        }),
      ),
    ),
  );
  // The receipts' read settles.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

const headers = () => [...container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);

describe("the generator's table", () => {
  it("output first: the output columns after #, then the prospect's; no Pushed column when the read fails", async () => {
    vi.stubGlobal("fetch", answer(404, { msg: "Not found", code: "not_found" }));
    await renderTable("output_first");
    expect(headers()).toEqual([
      "#",
      "Subject Line",
      "Email Body",
      "follow_up_1",
      "AI Response",
      "Name",
      "Email",
      "Actions",
    ]);
    expect(container.textContent).not.toContain("Not found");
  });

  it("all columns: the file's order, and a Pushed column after the last output column when rows were pushed", async () => {
    vi.stubGlobal(
      "fetch",
      answer(200, {
        receipts: [
          {
            rowId: 1,
            service: "instantly",
            campaignId: "a",
            campaignName: "Q4 outreach",
            pushedAt: "2026-03-01T10:00:00Z",
          },
          { rowId: 1, service: "lemlist", campaignId: "b", campaignName: "Old", pushedAt: "2026-02-01T10:00:00Z" },
        ],
      }),
    );
    await renderTable("all");
    expect(headers()).toEqual([
      "#",
      "Name",
      "Email",
      "Subject Line",
      "Email Body",
      "AI Response",
      "follow_up_1",
      "Pushed",
      "Actions",
    ]);
  });

  it("R on the page opens the reading view on the first row; A approves it", async () => {
    vi.stubGlobal("fetch", answer(404, {}));
    const toggleApproved = vi.fn();
    await renderTable("output_first", qualityView(toggleApproved));
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    });
    // The view's code arrives (loaded on first opening).
    await act(async () => new Promise((resolve) => setTimeout(resolve, 200)));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog?.textContent).toContain("Row 1 of 3");
    expect(dialog?.textContent).toContain("Subject 1");
    expect(dialog?.textContent).toContain("Follow-up 1");
    await act(async () => {
      dialog!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    });
    expect(dialog?.textContent).toContain("Row 2 of 3");
    await act(async () => {
      dialog!.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    });
    expect(toggleApproved).toHaveBeenCalledWith(ROWS[1]);
  });
});
