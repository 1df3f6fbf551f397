// @vitest-environment happy-dom
import { act, createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { CsvTable } from "@/components/generator/csv-table";
import { ReadingView, type ReadingViewProps } from "@/components/generator/reading-view";
import { TableViewBar } from "@/components/generator/table-view-bar";
import { perTestRoot, testId } from "../support/dom";

// The reading view, the "Table view" switch and the table's column slots, rendered in a DOM.

const dom = perTestRoot();

const render = (node: React.ReactNode) => act(() => dom.root.render(node));
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent?.trim() === name)!;
const press = (key: string, target: Element = document.activeElement ?? dialog()) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });

const ROW = {
  id: 7,
  data: {
    "First Name": "Ada",
    "Last Name": "Lovelace",
    Email: "ada@engines.test",
    Company: "Analytical Engines",
    City: "London",
    "Subject Line": "Engines, briefly",
    "Email Body": "Hi Ada,\n\nA question.\n\nBest regards",
    follow_up_1: "Following up, Ada.",
    "AI Response": "{}",
  },
};

function props(over: Partial<ReadingViewProps> = {}): ReadingViewProps {
  return {
    row: ROW,
    index: 0,
    count: 3,
    rowNumber: 1,
    totalRows: 250,
    flaggedOnly: false,
    inputColumns: ["First Name", "Last Name", "Email", "Company", "City"],
    outputColumns: ["Subject Line", "Email Body", "follow_up_1", "AI Response"],
    quality: { rowId: 7, approved: false, flags: [] },
    receipts: [
      {
        rowId: 7,
        service: "instantly",
        campaignId: "c1",
        campaignName: "Q4 outreach",
        pushedAt: "2026-03-12T10:04:00.000Z",
      },
    ],
    onMove: vi.fn(),
    onToggleApproved: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
}

describe("the reading view", () => {
  it("shows the prospect, the e-mail with its line breaks, the follow-up, approval and receipts", async () => {
    await render(createElement(ReadingView, props()));
    const d = dialog();
    expect(d.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.getElementById(d.getAttribute("aria-labelledby")!)?.textContent).toBe("Read one by one");
    expect(testId("reading-position")?.textContent).toBe("Row 1 of 250");
    expect(testId("reading-prospect")?.textContent).toBe("Ada Lovelace · ada@engines.test · Analytical Engines");
    expect(d.textContent).toContain("London");
    expect(testId("reading-subject")?.textContent).toBe("Engines, briefly");
    expect(testId("reading-body")?.textContent).toBe(ROW.data["Email Body"]);
    expect(testId("reading-body")?.className).toContain("whitespace-pre-wrap");
    expect(d.textContent).toContain("Following up, Ada.");
    expect(d.textContent).not.toContain("AI Response");
    expect(testId("reading-approval")?.textContent).toContain("Not approved");
    expect(d.textContent).toContain("Instantly · Q4 outreach");
    expect(document.activeElement).toBe(button("Next"));
    expect(button("Previous").getAttribute("aria-disabled")).toBe("true");
  });

  it("moves with the arrows, J and K, and approves with A", async () => {
    const p = props({ index: 1 });
    await render(createElement(ReadingView, p));
    await press("ArrowRight");
    await press("j");
    await press("ArrowLeft");
    await press("K");
    expect(vi.mocked(p.onMove).mock.calls).toEqual([[1], [1], [-1], [-1]]);
    await press("a");
    expect(p.onToggleApproved).toHaveBeenCalledTimes(1);
    // Keys with a modifier are the browser's.
    await act(() => {
      dialog().dispatchEvent(new KeyboardEvent("keydown", { key: "a", ctrlKey: true, bubbles: true }));
    });
    expect(p.onToggleApproved).toHaveBeenCalledTimes(1);
    await act(() => button("Next").click());
    expect(vi.mocked(p.onMove).mock.calls.at(-1)).toEqual([1]);
  });

  it("names the approval Unapprove once approved; a row without output cannot be approved", async () => {
    await render(createElement(ReadingView, props({ quality: { rowId: 7, approved: true, flags: [] } })));
    expect(button("Unapprove")).toBeTruthy();
    const p = props({ quality: undefined, row: { id: 8, data: { "First Name": "Bo" } } });
    await render(createElement(ReadingView, p));
    expect(dialog().textContent).toContain("No e-mail generated for this row yet.");
    expect(button("Approve").getAttribute("aria-disabled")).toBe("true");
    await press("a");
    await act(() => button("Approve").click());
    expect(p.onToggleApproved).not.toHaveBeenCalled();
  });

  it("counts the flagged rows when only those are read", async () => {
    await render(createElement(ReadingView, props({ flaggedOnly: true, index: 2, count: 7, rowNumber: 40 })));
    expect(testId("reading-position")?.textContent).toBe("Row 40 of 250 · flagged row 3 of 7");
  });

  it("counts the rows with a failed address check, or the rows both filters keep", async () => {
    await render(createElement(ReadingView, props({ failedEmailOnly: true, index: 0, count: 3, rowNumber: 4 })));
    expect(testId("reading-position")?.textContent).toBe("Row 4 of 250 · failed-address row 1 of 3");
    await render(
      createElement(ReadingView, props({ flaggedOnly: true, failedEmailOnly: true, index: 1, count: 2, rowNumber: 9 })),
    );
    expect(testId("reading-position")?.textContent).toBe("Row 9 of 250 · filtered row 2 of 2");
  });
});

describe("the table view switch", () => {
  it("is a radio group named Table view; choosing a view reports it, choosing the same one again does not", async () => {
    const onViewChange = vi.fn();
    await render(createElement(TableViewBar, { view: "output_first", onViewChange, onRead: vi.fn(), canRead: true }));
    const group = dom.container.querySelector('[role="radiogroup"]')!;
    expect(document.getElementById(group.getAttribute("aria-labelledby")!)?.textContent).toBe("Table view");
    const radios = [...group.querySelectorAll('[role="radio"]')];
    expect(radios.map((r) => [r.textContent, r.getAttribute("aria-checked")])).toEqual([
      ["All columns", "false"],
      ["Output first", "true"],
    ]);
    await act(() => (radios[1] as HTMLElement).click());
    expect(onViewChange).not.toHaveBeenCalled();
    await act(() => (radios[0] as HTMLElement).click());
    expect(onViewChange).toHaveBeenCalledWith("all");
  });
});

describe("the table's columns", () => {
  it("shows the slots in order between # and Actions, a display column with its own header", async () => {
    const scrollRef = { current: null as HTMLDivElement | null };
    await render(
      createElement(CsvTable, {
        columns: ["Subject Line", "Email Body", { id: "pushed", header: "Pushed", width: 184 }, "First Name"],
        rows: [],
        scrollRef,
        onDeleteColumn: vi.fn(),
        onSaveCell: vi.fn(),
        renderActions: () => null,
      }),
    );
    const headers = [...dom.container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers).toEqual(["#", "Subject Line", "Email Body", "Pushed", "First Name", "Actions"]);
    const width = (name: string) =>
      [...dom.container.querySelectorAll<HTMLElement>('[role="columnheader"]')].find((h) => h.textContent === name)!
        .style.width;
    expect([width("Subject Line"), width("Email Body"), width("First Name"), width("Pushed")]).toEqual([
      "280px",
      "360px",
      "150px",
      "184px",
    ]);
  });
});
