// @vitest-environment happy-dom
import type { QueryClient } from "@tanstack/react-query";
import { act, createElement, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckAddressesButton, checkAddressesBlocked } from "@/components/email-check/check-addresses-button";
import { EmailCheckDialog } from "@/components/email-check/email-check-dialog";
import { useEmailCheckSession } from "@/components/email-check/use-email-check-session";
import { csvFileKey, type CsvTable } from "@/components/generator/csv-store";
import { zeroCounts } from "@/lib/email-checks/statuses";
import type { EmailCheckJson } from "@/lib/responses/email-checks";
import {
  byText,
  click,
  dialog,
  key,
  perTestRoot,
  stubFetch,
  testId,
  testQueryClient,
  until,
  type Call,
} from "../support/dom";

// The generator's "Check addresses" dialog in a DOM, over a fetch that answers as the API would: the column and
// the deep check, start, progress, cancel, the summary, and the table pulling the rows the check changed.

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

const dom = perTestRoot();
let client: QueryClient;

beforeEach(() => {
  checkStates = [];
  fileChecks = [];
  connections = [ZERO_BOUNCE, INSTANTLY];
  calls = stubFetch(answer);
});

afterEach(() => {
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
  client = testQueryClient();
  client.setQueryData(csvFileKey("c1"), TABLE);
  dom.render(node, client);
}

const options = () => [...document.querySelectorAll<HTMLElement>("[role=option]")];
/** The dialog has read what it shows: a check's progress, or the form with the user's ZeroBounce keys. */
const dialogRead = () =>
  testId("email-check-progress-text") ??
  document.querySelector<HTMLElement>("#email-check-zerobounce:not([disabled])") ??
  [...document.querySelectorAll("a")].find((a) => a.textContent === "Add a ZeroBounce key");
/** The dialog's close has been handled: the page behind it is no longer hidden from assistive technology. */
const pageBack = () => !dialog() && !dom.container.hasAttribute("aria-hidden");

/** Opens a Radix select by its trigger's id and picks the option with this text. */
async function pick(id: string, text: string) {
  const trigger = document.getElementById(id)!;
  trigger.focus();
  await key(trigger, "Enter");
  await until(() => options().length > 0, `the options of ${id}`);
  const option = options().find((o) => o.textContent === text);
  expect(option, text).toBeTruthy();
  await key(option!, "Enter");
  await until(() => options().length === 0 && trigger.textContent === text, `${text} chosen`);
}

async function openDialog() {
  render(createElement(Harness));
  // The file's checks have been read: a running one is followed, and shown when the dialog opens.
  await until(
    () => calls.some((c) => c.path === "/api/csv/c1/email-checks") && client.isFetching() === 0,
    "the file's checks",
  );
  await click(byText("Open check"));
  await until(dialogRead, "the dialog's form or progress");
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
    await until(() => testId("email-check-progress-text"), "the check's progress");
    expect(calls.find((c) => c.path === "/api/csv/c1/email-check")!.body).toEqual({ column: "Email" });
    const bar = document.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-valuenow")).toBe("2");
    expect(bar.getAttribute("aria-valuemax")).toBe("4");
    expect(testId("email-check-progress-text")!.textContent).toBe("Checked 2 of 4");
    expect(testId("running")!.textContent).toBe("true");

    await until(() => testId("email-check-summary"), "the check's summary");
    expect(testId("email-check-status")!.textContent).toBe("Check complete");
    expect(testId("email-check-summary")!.textContent).toBe("1 valid · 1 no mail server · 1 role");
    expect(dialog()!.textContent).toContain("1 row has no address and got no status.");
    // The table pulled the changed rows: the new column and each row's status.
    await until(
      () => client.getQueryData<CsvTable>(csvFileKey("c1"))?.columns.includes("Email Status"),
      "the table's pulled rows",
    );
    expect(calls.some((c) => c.path === "/api/csv/c1/changes")).toBe(true);
    const table = client.getQueryData<CsvTable>(csvFileKey("c1"))!;
    expect(table.columns).toContain("Email Status");
    expect(table.rows.map((r) => r.data["Email Status"])).toEqual(["valid", "no_mx", "", "role"]);
    // The open dialog shows the end: no toast.
    expect(toasts.success).not.toHaveBeenCalled();

    // Closing lets the ended check go: the next opening shows the form.
    await click(byText("Close"));
    await until(pageBack, "the page behind the dialog");
    await click(byText("Open check"));
    await until(dialogRead, "the dialog's form");
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
    await until(() => testId("email-check-progress-text"), "the check's progress");
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
    await until(pageBack, "the page behind the dialog");
    expect(dialog()).toBeNull();
    await click(byText("Open check"));
    await until(dialogRead, "the check's progress");
    expect(testId("email-check-progress-text")!.textContent).toBe("Checked 1 of 4");

    await click(byText("Cancel check"));
    await until(() => document.querySelector('[role="alertdialog"]'), "the question");
    const question = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(question.textContent).toContain("Cancel this check?");
    expect(question.textContent).toContain("Checked addresses keep their status.");
    const confirm = [...question.querySelectorAll("button")].find((b) => b.textContent === "Cancel check")!;
    await click(confirm);
    await until(() => testId("email-check-summary"), "the cancelled check's summary");
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/email-checks/e1/cancel")).toBe(true);
    expect(testId("email-check-status")!.textContent).toBe("Check cancelled");
    expect(dialog()!.textContent).toContain("Checked 2 of 4 before the check was cancelled.");
  });

  it("tells in a toast a check that ends while the dialog is closed", async () => {
    fileChecks = [check({ checked: 1 })];
    checkStates = [check({ checked: 1 }), DONE];
    render(createElement(Harness));
    await until(() => testId("running")?.textContent === "true", "the running check");
    expect(testId("running")!.textContent).toBe("true");
    await until(() => toasts.success.mock.calls.length > 0, "the toast");
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
      dom.root.render(
        createElement(CheckAddressesButton, { blocked: "Import a CSV file first.", running: false, onOpen }),
      ),
    );
    const button = testId("check-addresses")!;
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("disabled")).toBe(false);
    await click(button);
    expect(onOpen).not.toHaveBeenCalled();
    act(() => dom.root.render(createElement(CheckAddressesButton, { blocked: null, running: false, onOpen })));
    await click(testId("check-addresses"));
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
