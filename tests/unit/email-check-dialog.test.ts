// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckAddressesButton, checkAddressesBlocked } from "@/components/email-check/check-addresses-button";
import { EmailCheckDialog } from "@/components/email-check/email-check-dialog";
import { useEmailCheckSession } from "@/components/email-check/use-email-check-session";
import { csvFileKey, type CsvTable } from "@/components/generator/csv-store";
import { zeroCounts } from "@/lib/email-checks/statuses";
import type { EmailCheckJson } from "@/lib/responses/email-checks";

// The generator's "Check addresses" dialog in a DOM, over a fetch that answers as the API (CONTRACT.md
// "Address checks") would: the column and the deep check, start, progress, cancel, the summary, and the table
// pulling the rows the check changed.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast: toasts }));

const COLUMNS = ["Name", "Email Body", "Email", "Company"];
const TABLE: CsvTable = {
  id: "c1",
  fileName: "p.csv",
  columns: COLUMNS,
  rows: ["ada@ok.test", "bob@gone.test", "", "info@ok.test"].map((email, i) => ({
    id: i + 1,
    data: { Name: `P${i}`, "Email Body": "", Email: email, Company: "Acme" },
  })),
  serverTime: "2026-01-01T00:00:00.000Z",
  rowsReplacedAt: null,
};
const check = (over: Partial<EmailCheckJson>): EmailCheckJson => ({
  id: "e1",
  csvId: "c1",
  column: "Email",
  connectionId: null,
  status: "running",
  total: 4,
  checked: 0,
  counts: zeroCounts(),
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  ...over,
});
const DONE = check({ status: "completed", checked: 4, counts: { ...zeroCounts(), valid: 1, no_mx: 1, role: 1 } });
const ZERO_BOUNCE = { id: "z1", service: "zerobounce", name: "Checks", apiKey: "zb••••1234", createdAt: "2026-01-01" };
const INSTANTLY = { id: "k1", service: "instantly", name: "Main", apiKey: "in••••5678", createdAt: "2026-01-01" };

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
let calls: Call[];
let checkStates: EmailCheckJson[];
let fileChecks: EmailCheckJson[];
let connections: unknown[];

function answer(method: string, path: string): [number, unknown] {
  if (path === "/api/integrations/connections") return [200, { connections }];
  if (path === "/api/csv/c1/email-checks") return [200, { checks: fileChecks }];
  if (path === "/api/csv/c1/email-check") return [202, { checkId: "e1" }];
  if (path === "/api/email-checks/e1") return [200, checkStates.length > 1 ? checkStates.shift() : checkStates[0]];
  if (path === "/api/email-checks/e1/cancel") return [200, check({ status: "cancelled", checked: 2 })];
  if (path === "/api/csv/c1/changes") {
    const statuses = ["valid", "no_mx", "", "role"];
    const rows = TABLE.rows.map((r, i) => ({
      _id: r.id,
      data: { ...r.data, "Email Status": statuses[i]! },
      deleted: false,
      flags: null,
      approved: false,
    }));
    const columns = [...COLUMNS, "Email Status"];
    return [
      200,
      { columns, rowCount: 4, serverTime: "2026-01-01T00:01:00.000Z", reload: false, rowsReplacedAt: null, rows },
    ];
  }
  return [404, { msg: `no route ${method} ${path}`, code: "not_found" }];
}

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

beforeEach(() => {
  calls = [];
  checkStates = [];
  fileChecks = [];
  connections = [ZERO_BOUNCE, INSTANTLY];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      const path = new URL(url, "http://app.test").pathname;
      calls.push({ method, path, body });
      const [status, data] = answer(method, path);
      return new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    }),
  );
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function Harness() {
  const session = useEmailCheckSession("c1");
  return createElement(
    "div",
    null,
    createElement("button", { type: "button", onClick: () => session.setOpen(true) }, "Open check"),
    createElement("span", { "data-testid": "running" }, String(session.running)),
    createElement(EmailCheckDialog, { session, csvId: "c1", columns: COLUMNS, rows: TABLE.rows }),
  );
}

function render(node: ReactNode) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(csvFileKey("c1"), TABLE);
  act(() => root.render(createElement(QueryClientProvider, { client }, node)));
}

const flush = (ms = 20) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>("button, [role=option], p, h3")].find(
    (el) => el.textContent?.trim() === text,
  );
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = (el: HTMLElement | null | undefined) =>
  act(() => {
    if (!el) throw new Error("nothing to click");
    el.click();
  });
const key = (el: HTMLElement, k: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  });

/** Opens a Radix select by its trigger's id and picks the option with this text. */
async function pick(id: string, text: string) {
  const trigger = document.getElementById(id)!;
  trigger.focus();
  await key(trigger, "Enter");
  await flush();
  const option = [...document.querySelectorAll<HTMLElement>("[role=option]")].find((o) => o.textContent === text);
  expect(option, text).toBeTruthy();
  await key(option!, "Enter");
  await flush();
}

async function openDialog() {
  render(createElement(Harness));
  await flush();
  await click(byText("Open check"));
  await flush(50);
}

describe("Check addresses", () => {
  it("checks the file's e-mail column, follows the progress to the summary and pulls the changed rows", async () => {
    await openDialog();
    expect(dialog()!.textContent).toContain("Check addresses");
    expect(dialog()!.textContent).toContain("mail server (MX)");
    // The e-mail column, not Email Body; the empty cell is not an address.
    expect(document.getElementById("email-check-column")!.textContent).toBe("Email");
    expect(document.getElementById("email-check-zerobounce")!.textContent).toBe("No, local checks only");

    checkStates = [check({ checked: 2 }), DONE];
    await click(byText("Check 3 addresses"));
    await flush(50);
    expect(calls.find((c) => c.path === "/api/csv/c1/email-check")!.body).toEqual({ column: "Email" });
    const bar = document.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-valuenow")).toBe("2");
    expect(bar.getAttribute("aria-valuemax")).toBe("4");
    expect(testId("email-check-progress-text")!.textContent).toBe("Checked 2 of 4");
    expect(testId("running")!.textContent).toBe("true");

    await flush(1100);
    expect(testId("email-check-status")!.textContent).toBe("Check complete");
    expect(testId("email-check-summary")!.textContent).toBe("1 valid · 1 no mail server · 1 role");
    expect(dialog()!.textContent).toContain("1 row has no address and got no status.");
    // The table pulled the changed rows: the new column and each row's status.
    await flush(50);
    expect(calls.some((c) => c.path === "/api/csv/c1/changes")).toBe(true);
    const table = client.getQueryData<CsvTable>(csvFileKey("c1"))!;
    expect(table.columns).toContain("Email Status");
    expect(table.rows.map((r) => r.data["Email Status"])).toEqual(["valid", "no_mx", "", "role"]);
    // The open dialog shows the end: no toast.
    expect(toasts.success).not.toHaveBeenCalled();

    // Closing lets the ended check go: the next opening shows the form.
    await click(byText("Close"));
    await flush();
    await click(byText("Open check"));
    await flush(50);
    expect(byText("Check 3 addresses")).toBeTruthy();
  });

  it("sends the chosen column and ZeroBounce key", async () => {
    await openDialog();
    await pick("email-check-column", "Company");
    expect(byText("Check 4 addresses")).toBeTruthy();
    await pick("email-check-column", "Email");
    await pick("email-check-zerobounce", "ZeroBounce · Checks");
    checkStates = [check({ connectionId: "z1" })];
    await click(byText("Check 3 addresses"));
    await flush(50);
    expect(calls.find((c) => c.path === "/api/csv/c1/email-check")!.body).toEqual({
      column: "Email",
      connectionId: "z1",
    });
    expect(dialog()!.textContent).toContain("also verified with ZeroBounce");
  });

  it("offers to add a ZeroBounce key when the user has none", async () => {
    connections = [INSTANTLY];
    await openDialog();
    expect(document.getElementById("email-check-zerobounce")).toBeNull();
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Add a ZeroBounce key");
    expect(link?.getAttribute("href")).toBe("/dashboard#integrations-heading");
    expect(byText("Check 3 addresses")).toHaveProperty("disabled", false);
  });

  it("finds a running check of the file, keeps it across closing, and cancels it after a confirmation", async () => {
    fileChecks = [check({ checked: 1 })];
    checkStates = [check({ checked: 1 })];
    await openDialog();
    expect(testId("email-check-progress-text")!.textContent).toBe("Checked 1 of 4");
    await click(byText("Close"));
    await flush();
    expect(dialog()).toBeNull();
    await click(byText("Open check"));
    await flush(50);
    expect(testId("email-check-progress-text")!.textContent).toBe("Checked 1 of 4");

    await click(byText("Cancel check"));
    await flush();
    const question = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(question.textContent).toContain("Cancel this check?");
    expect(question.textContent).toContain("Checked addresses keep their status.");
    const confirm = [...question.querySelectorAll("button")].find((b) => b.textContent === "Cancel check")!;
    await click(confirm);
    await flush(50);
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/email-checks/e1/cancel")).toBe(true);
    expect(testId("email-check-status")!.textContent).toBe("Check cancelled");
    expect(dialog()!.textContent).toContain("Checked 2 of 4 before the check was cancelled.");
  });

  it("tells in a toast a check that ends while the dialog is closed", async () => {
    fileChecks = [check({ checked: 1 })];
    checkStates = [check({ checked: 1 }), DONE];
    render(createElement(Harness));
    await flush(50);
    expect(testId("running")!.textContent).toBe("true");
    await flush(1100);
    expect(toasts.success).toHaveBeenCalledWith("Address check complete: 1 valid · 1 no mail server · 1 role");
    expect(testId("running")!.textContent).toBe("false");
  });
});

describe("the toolbar's Check addresses", () => {
  it("says why it cannot open: no file, no e-mail column (never Email Body); a check under way always opens", () => {
    expect(checkAddressesBlocked(null, false)).toBe("Import a CSV file first.");
    expect(checkAddressesBlocked(["Name", "Email Body"], false)).toMatch(/^This file has no e-mail column/);
    expect(checkAddressesBlocked(["Name", "E-mail"], false)).toBeNull();
    expect(checkAddressesBlocked(["Name", "Email Address"], false)).toBeNull();
    expect(checkAddressesBlocked(["Name"], true)).toBeNull();
  });

  it("stays focusable when blocked (aria-disabled) and does not open", async () => {
    const onOpen = vi.fn();
    act(() =>
      root.render(createElement(CheckAddressesButton, { blocked: "Import a CSV file first.", running: false, onOpen })),
    );
    const button = testId("check-addresses")!;
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("disabled")).toBe(false);
    await click(button);
    expect(onOpen).not.toHaveBeenCalled();
    act(() => root.render(createElement(CheckAddressesButton, { blocked: null, running: false, onOpen })));
    await click(testId("check-addresses"));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
