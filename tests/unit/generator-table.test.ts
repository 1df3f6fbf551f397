// @vitest-environment happy-dom
import { act, createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import type { CsvTable as CsvTableData, TableRow } from "@/components/generator/csv-store";
import { GeneratorTable } from "@/components/generator/generator-table";
import type { QualityView } from "@/components/generator/quality-view";
import type { GeneratorView } from "@/lib/services/preferences/schemas";
import { perTestRoot, stubFetch, testId, until, type Call } from "../support/dom";

// The generator's table wired up: the view switch orders the columns, push receipts add the Pushed
// column (none when their read fails), and R opens the reading view on the first row.

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

const dom = perTestRoot();
/** The page's requests to the fetch the test stubbed. */
let calls: Call[];

async function renderTable(view: GeneratorView, quality = qualityView()) {
  const scrollRef = { current: null as HTMLDivElement | null };
  const dialogs = { setConfirm: vi.fn(), setEditing: vi.fn(), setResponse: vi.fn() };
  const client = dom.render(
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
  );
  // The receipts' read settles.
  await until(() => calls.length > 0 && client.isFetching() === 0, "the receipts' read");
}

const headers = () => [...dom.container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);

describe("the generator's table", () => {
  it("output first: the output columns after #, then the prospect's; no Pushed column when the read fails", async () => {
    calls = stubFetch(() => [404, { msg: "Not found", code: "not_found" }]);
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
    expect(dom.container.textContent).not.toContain("Not found");
  });

  it("all columns: the file's order, and a Pushed column after the last output column when rows were pushed", async () => {
    calls = stubFetch(() => [
      200,
      {
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
      },
    ]);
    await renderTable("all");
    await until(() => headers().includes("Pushed"), "the Pushed column");
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
    calls = stubFetch(() => [404, {}]);
    const toggleApproved = vi.fn();
    await renderTable("output_first", qualityView(toggleApproved));
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    });
    // The view's code arrives (loaded on first opening).
    await until(() => testId("reading-position"), "the reading view");
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
