// @vitest-environment happy-dom
import { act, createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import type { CsvTable } from "@/components/generator/csv-store";
import { EditableCell } from "@/components/generator/editable-cell";
import { QualityControls } from "@/components/generator/quality-controls";
import { useQualityView } from "@/components/generator/quality-view";
import type { AiSettings } from "@/lib/ai/defaults";
import { perTestRoot, stubFetch, until } from "../support/dom";

// The Email Status column in the generator's table: a badge per status (the cell still edited like any other),
// and the "Failed address check (N)" filter beside "Flagged rows", the two combining.

const dom = perTestRoot();

describe("an Email Status cell", () => {
  function renderCell(column: string, value: string, onSave = vi.fn()) {
    act(() => dom.root.render(createElement(EditableCell, { column, value, width: 150, rowId: 7, onSave })));
    return onSave;
  }
  const badge = () => dom.container.querySelector<HTMLElement>('[data-testid="email-status-badge"]');

  it("shows a status as a badge with words and an icon; the title explains it", () => {
    renderCell("Email Status", "no_mx");
    expect(badge()!.textContent).toBe("No mail server");
    expect(badge()!.dataset.tone).toBe("bad");
    expect(badge()!.querySelector("svg")).toBeTruthy();
    expect(dom.container.querySelector("[title]")!.getAttribute("title")).toBe(
      "No mail server: The domain has no mail server (MX)",
    );
    renderCell("Email Status", "valid");
    expect(badge()!.textContent).toBe("Valid");
    expect(badge()!.dataset.tone).toBe("good");
    renderCell("Email Status", "role");
    expect(badge()!.textContent).toBe("Role account");
    expect(badge()!.dataset.tone).toBe("warn");
  });

  it("keeps text that is no status, and other columns, as text", () => {
    renderCell("Email Status", "checked by hand");
    expect(badge()).toBeNull();
    expect(dom.container.textContent).toBe("checked by hand");
    renderCell("Notes", "valid");
    expect(badge()).toBeNull();
    expect(dom.container.textContent).toBe("valid");
  });

  it("is edited and cleared like any cell", async () => {
    const onSave = renderCell("Email Status", "disposable");
    act(() => dom.container.querySelector<HTMLElement>("[title]")!.click());
    const input = dom.container.querySelector("input")!;
    expect(input.value).toBe("disposable");
    expect(input.getAttribute("aria-label")).toBe("Edit Email Status");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    act(() => {
      setValue.call(input, "");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    act(() => input.blur());
    await until(() => onSave.mock.calls.length > 0, "the save");
    expect(onSave).toHaveBeenCalledWith(7, "Email Status", "");
  });
});

const ROWS = [
  { Email: "a@ok.test", "Email Status": "valid" },
  { Email: "b@gone.test", "Email Status": "no_mx" },
  { Email: "c@mailinator.com", "Email Status": "disposable" },
  { Email: "info@ok.test", "Email Status": "role" },
  { Email: "", "Email Status": "" },
];
const tableWith = (columns: string[]): CsvTable => ({
  id: "c1",
  fileName: "p.csv",
  columns,
  rows: ROWS.map((data, i) => ({ id: i + 1, data })),
  serverTime: "2026-01-01T00:00:00.000Z",
  rowsReplacedAt: null,
});
const FLAG = { rule: "spam_words", severity: "warn", message: "Spam words" };

function Harness({ table }: { table: CsvTable }) {
  const quality = useQualityView(table, () => undefined);
  return createElement(
    "div",
    null,
    createElement(QualityControls, {
      quality,
      busy: false,
      remainingCredits: 100,
      config: {} as AiSettings,
      onRun: () => undefined,
    }),
    createElement("output", { "data-testid": "shown" }, quality.visibleRows.map((r) => r.id).join(",")),
    createElement("output", { "data-testid": "empty" }, quality.emptyText),
  );
}

async function renderFilters(table: CsvTable) {
  // Rows 2 and 4 are generated and flagged.
  stubFetch(() => [
    200,
    {
      rows: [2, 4].map((rowId) => ({ rowIndex: rowId - 1, rowId, flags: [FLAG], approved: false })),
      counts: { block: 0, warn: 2, clean: 0 },
    },
  ]);
  dom.render(createElement(Harness, { table }));
  // The flags have been read: rows 2 and 4 are flagged (those of them the table has).
  await until(() => flaggedLabel() && flaggedLabel() !== "Flagged rows (0)", "the quality flags");
}

const flaggedLabel = () =>
  [...dom.container.querySelectorAll("label")].find((l) => l.textContent?.startsWith("Flagged rows"))?.textContent;
const checkbox = (label: string) =>
  [...dom.container.querySelectorAll("label")].find((l) => l.textContent?.startsWith(label))?.querySelector("button");
const shown = () => dom.container.querySelector('[data-testid="shown"]')!.textContent;

describe("the Failed address check filter", () => {
  it("counts and shows the rows whose status failed; with Flagged rows it shows the rows that are both", async () => {
    await renderFilters(tableWith(["Email", "Email Status"]));
    const failed = [...dom.container.querySelectorAll("label")].find((l) => l.textContent?.startsWith("Failed"));
    expect(failed!.textContent).toBe("Failed address check (2)");
    expect(shown()).toBe("1,2,3,4,5");

    act(() => checkbox("Failed address check")!.click());
    expect(shown()).toBe("2,3");
    act(() => checkbox("Flagged rows")!.click());
    expect(shown()).toBe("2");
    act(() => checkbox("Failed address check")!.click());
    expect(shown()).toBe("2,4");
    act(() => checkbox("Flagged rows")!.click());
    expect(shown()).toBe("1,2,3,4,5");
  });

  it("says why the table is empty, per filter", async () => {
    const table = tableWith(["Email", "Email Status"]);
    table.rows = table.rows.filter((r) => r.id !== 2 && r.id !== 3);
    await renderFilters(table);
    act(() => checkbox("Failed address check")!.click());
    expect(shown()).toBe("");
    expect(dom.container.querySelector('[data-testid="empty"]')!.textContent).toMatch(/^No failed addresses/);
    act(() => checkbox("Flagged rows")!.click());
    expect(dom.container.querySelector('[data-testid="empty"]')!.textContent).toBe(
      "No row is both flagged and failed the address check.",
    );
  });

  it("is not offered while the file has no Email Status column", async () => {
    await renderFilters(tableWith(["Email"]));
    expect(checkbox("Flagged rows")).toBeTruthy();
    expect(checkbox("Failed address check")).toBeUndefined();
  });
});
