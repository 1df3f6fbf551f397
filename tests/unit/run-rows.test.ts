import { describe, expect, it } from "vitest";
import { runOptionFields } from "@/components/generator/run-options";
import { failedAddressNote, thinRowsNote } from "@/components/generator/use-run-rows";
import { emptyVariablesCheck } from "@/lib/ai/prompt-variables";
import { leaveOutRows } from "@/lib/ai/row-selection";
import { isFailedEmailStatus } from "@/lib/csv/email-status";

describe("emptyVariablesCheck (thin_input)", () => {
  const check = emptyVariablesCheck("Hi {{First Name}} at {{ company }}, about {{Title|your role}}.");

  it("names the variables without a fallback that are empty, as the row's column", () => {
    expect(check({ "First Name": "Anna", Company: "Acme", Title: "" })).toEqual([]);
    expect(check({ "First Name": "Anna", Company: "", Title: "" })).toEqual(["Company"]);
    expect(check({ "First Name": "", Company: "", Title: "CEO" })).toEqual(["First Name", "Company"]);
  });

  it("a value of only spaces is empty; a missing column is empty under the prompt's name", () => {
    expect(check({ "First Name": "  \t", Company: "Acme" })).toEqual(["First Name"]);
    expect(check({ "First Name": "Anna" })).toEqual(["company"]);
  });

  it("a fallback (even an empty one) makes a variable safe; any use without one does not", () => {
    expect(emptyVariablesCheck("{{Company|}} {{Title|there}}")({ Company: "", Title: "" })).toEqual([]);
    expect(emptyVariablesCheck("{{Company|your team}} … {{Company}}")({ Company: "" })).toEqual(["Company"]);
    expect(emptyVariablesCheck("No variables")({ Company: "" })).toEqual([]);
  });
});

describe("leaveOutRows", () => {
  const row = (status: string | undefined, company = "Acme") => ({
    data: { Name: "Anna", Company: company, ...(status === undefined ? {} : { "Email Status": status }) },
  });
  const PROMPT = "Write to {{Name}} at {{Company}}";

  it("leaves out the failed address statuses, whatever their case; keeps the others", () => {
    const statuses = ["valid", "invalid", "no_mx", "disposable", "role", "duplicate", "unknown", "catch_all"];
    const more = ["spamtrap", "abuse", "do_not_mail", "", " Invalid "];
    const rows = [...statuses, ...more].map((s) => row(s));
    const run = leaveOutRows(
      rows,
      rows.map((_, i) => i),
      PROMPT,
      {},
    );
    expect(run.indices.map((i) => rows[i]!.data["Email Status"])).toEqual([
      "valid",
      "role",
      "duplicate",
      "unknown",
      "catch_all",
      "",
    ]);
    expect(run.skipped).toEqual({ invalidEmail: 7, thinInput: 0 });
    expect(isFailedEmailStatus(undefined)).toBe(false);
  });

  it("includeInvalidEmails keeps them; a file without the column loses nothing", () => {
    const rows = [row("invalid"), row("valid")];
    expect(leaveOutRows(rows, [0, 1], PROMPT, { includeInvalidEmails: true }).indices).toEqual([0, 1]);
    expect(leaveOutRows([row(undefined), row(undefined)], [0, 1], PROMPT, {}).indices).toEqual([0, 1]);
  });

  it("counts thin rows and their most common empty column; skipThinRows leaves them out", () => {
    const rows = [row("valid", ""), row("valid", " "), { data: { Name: "", Company: "" } }, row("invalid", "")];
    const kept = leaveOutRows(rows, [0, 1, 2, 3], PROMPT, {});
    expect(kept).toMatchObject({ indices: [0, 1, 2], thinRows: 3, thinColumn: { name: "Company", rows: 3 } });
    expect(kept.skipped).toEqual({ invalidEmail: 1, thinInput: 0 });
    const skipped = leaveOutRows(rows, [0, 1, 2, 3], PROMPT, { skipThinRows: true });
    expect(skipped).toMatchObject({ indices: [], thinRows: 3, skipped: { invalidEmail: 1, thinInput: 3 } });
    expect(leaveOutRows([row("valid")], [0], PROMPT, { skipThinRows: true })).toMatchObject({
      indices: [0],
      thinRows: 0,
      thinColumn: null,
    });
  });
});

describe("the Save menu's notes and payload fields", () => {
  it("says how many rows are left out and why", () => {
    expect(failedAddressNote(61, false)).toBe("61 rows skipped: failed address check");
    expect(failedAddressNote(1, true)).toBe("1 row included despite a failed address check");
    expect(thinRowsNote({ thinRows: 18, thinColumn: { name: "Company", rows: 18 } }, false)).toBe(
      "18 rows lack Company",
    );
    expect(thinRowsNote({ thinRows: 20, thinColumn: { name: "Company", rows: 18 } }, true)).toBe(
      "20 rows lack a value (18 lack Company): skipped",
    );
    expect(thinRowsNote({ thinRows: 1, thinColumn: { name: "Title", rows: 1 } }, false)).toBe("1 row lacks Title");
  });

  it("sends includeInvalidEmails and skipThinRows only when on", () => {
    const off = { useApprovedExamples: false, overwriteApproved: false };
    expect(runOptionFields({ ...off, includeInvalidEmails: false, skipThinRows: false })).toEqual({});
    expect(runOptionFields({ ...off, includeInvalidEmails: true, skipThinRows: true })).toEqual({
      includeInvalidEmails: true,
      skipThinRows: true,
    });
  });
});
