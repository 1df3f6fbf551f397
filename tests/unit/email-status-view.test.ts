// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CsvTable } from "@/components/generator/csv-store";
import { EditableCell } from "@/components/generator/editable-cell";
import { QualityControls } from "@/components/generator/quality-controls";
import { useQualityView } from "@/components/generator/quality-view";
import type { AiSettings } from "@/lib/ai/defaults";

// The Email Status column in the generator's table: a badge per status (the cell still edited like any other),
// and the "Failed address check (N)" filter beside "Flagged rows", the two combining.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

const flush = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("an Email Status cell", () => {
  function renderCell(column: string, value: string, onSave = vi.fn()) {
    act(() => root.render(createElement(EditableCell, { column, value, width: 150, rowId: 7, onSave })));
    return onSave;
  }
  const badge = () => container.querySelector<HTMLElement>('[data-testid="email-status-badge"]');

  it("shows a status as a badge with words and an icon; the title explains it", () => {
    renderCell("Email Status", "no_mx");
    expect(badge()!.textContent).toBe("No mail server");
    expect(badge()!.dataset.tone).toBe("bad");
    expect(badge()!.querySelector("svg")).toBeTruthy();
    expect(container.querySelector("[title]")!.getAttribute("title")).toBe(
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
    expect(container.textContent).toBe("checked by hand");
    renderCell("Notes", "valid");
    expect(badge()).toBeNull();
    expect(container.textContent).toBe("valid");
  });

  it("is edited and cleared like any cell", async () => {
    const onSave = renderCell("Email Status", "disposable");
    act(() => container.querySelector<HTMLElement>("[title]")!.click());
    const input = container.querySelector("input")!;
    expect(input.value).toBe("disposable");
    expect(input.getAttribute("aria-label")).toBe("Edit Email Status");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    act(() => {
      setValue.call(input, "");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    act(() => input.blur());
    await flush();
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
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            rows: [2, 4].map((rowId) => ({ rowIndex: rowId - 1, rowId, flags: [FLAG], approved: false })),
            counts: { block: 0, warn: 2, clean: 0 },
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Harness, { table }))));
  await flush();
}

const checkbox = (label: string) =>
  [...container.querySelectorAll("label")].find((l) => l.textContent?.startsWith(label))?.querySelector("button");
const shown = () => container.querySelector('[data-testid="shown"]')!.textContent;

describe("the Failed address check filter", () => {
  it("counts and shows the rows whose status failed; with Flagged rows it shows the rows that are both", async () => {
    await renderFilters(tableWith(["Email", "Email Status"]));
    const failed = [...container.querySelectorAll("label")].find((l) => l.textContent?.startsWith("Failed"));
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
    expect(container.querySelector('[data-testid="empty"]')!.textContent).toMatch(/^No failed addresses/);
    act(() => checkbox("Flagged rows")!.click());
    expect(container.querySelector('[data-testid="empty"]')!.textContent).toBe(
      "No row is both flagged and failed the address check.",
    );
  });

  it("is not offered while the file has no Email Status column", async () => {
    await renderFilters(tableWith(["Email"]));
    expect(checkbox("Flagged rows")).toBeTruthy();
    expect(checkbox("Failed address check")).toBeUndefined();
  });
});
