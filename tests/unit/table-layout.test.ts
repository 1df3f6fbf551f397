import { describe, expect, it } from "vitest";
import { prospectFields } from "@/components/generator/prospect-fields";
import {
  extraOutputFields,
  inputColumnsOf,
  orderColumns,
  outputColumnsOf,
  withDisplayColumn,
} from "@/components/generator/table-layout";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { receiptsByRow, type PushReceiptJson } from "@/lib/client/queries/push-receipts";

const PROSPECT = ["First Name", "Last Name", "Email", "Company", "Notes"];
const GENERATED = ["Subject Line", "Email Body", "AI Response"];
const FOLLOW_UPS = JSON.stringify({
  type: "object",
  properties: { subject_line: {}, email_body: {}, follow_up_1: {}, follow_up_2: {} },
});

describe("the output columns", () => {
  it("are the subject and body, the extra output fields in the file's order, Sources, AI Response", () => {
    const columns = [...PROSPECT, ...GENERATED, "follow_up_2", "follow_up_1", "Sources", "Lead Score"];
    const extras = extraOutputFields(FOLLOW_UPS, []);
    expect([...extras]).toEqual(["follow_up_1", "follow_up_2"]);
    expect(outputColumnsOf(columns, extras)).toEqual([
      "Subject Line",
      "Email Body",
      "follow_up_2",
      "follow_up_1",
      "Sources",
      "AI Response",
    ]);
  });

  it("include fields answered by earlier runs (the AI Responses) and only columns the file has", () => {
    const rows = [
      { id: 1, data: { "AI Response": "" } },
      { id: 2, data: { "AI Response": "(Parse Error)" } },
      { id: 3, data: { "AI Response": JSON.stringify({ subject_line: "Hi", email_body: "B", ps_line: "P.S." }) } },
    ];
    const extras = extraOutputFields(DEFAULT_JSON_SCHEMA, rows);
    expect([...extras]).toEqual(["ps_line"]);
    expect(outputColumnsOf([...PROSPECT, "Email Body", "ps_line"], extras)).toEqual(["Email Body", "ps_line"]);
    expect(extraOutputFields("not json", [])).toEqual(new Set());
  });

  it("a file never generated has none: both views keep the file's order", () => {
    const outputs = outputColumnsOf(PROSPECT, extraOutputFields(DEFAULT_JSON_SCHEMA, []));
    expect(outputs).toEqual([]);
    expect(orderColumns(PROSPECT, "output_first", outputs)).toEqual(PROSPECT);
    expect(orderColumns(PROSPECT, "all", outputs)).toEqual(PROSPECT);
  });
});

describe("the views", () => {
  const columns = [...PROSPECT, ...GENERATED, "follow_up_1"];
  const outputs = outputColumnsOf(columns, new Set(["follow_up_1"]));

  it("output first: the output, then the prospect's columns in the file's order", () => {
    expect(orderColumns(columns, "output_first", outputs)).toEqual([
      "Subject Line",
      "Email Body",
      "follow_up_1",
      "AI Response",
      ...PROSPECT,
    ]);
    expect(inputColumnsOf(columns, outputs)).toEqual(PROSPECT);
  });

  it("all columns: the file's order", () => {
    expect(orderColumns(columns, "all", outputs)).toEqual(columns);
  });

  it("a display column goes right after the column named, or last", () => {
    const pushed = { id: "pushed", header: "Pushed", width: 184 };
    expect(withDisplayColumn(["a", "b", "c"], pushed, "b")).toEqual(["a", "b", pushed, "c"]);
    expect(withDisplayColumn(["a", "b"], pushed, null)).toEqual(["a", "b", pushed]);
    expect(withDisplayColumn(["a", "b"], pushed, "missing")).toEqual(["a", "b", pushed]);
  });
});

describe("a prospect's key fields", () => {
  it("finds e-mail, name and company by the usual names, and lists the other non-empty cells", () => {
    const data = { "First Name": "Ada", "Last Name": "Lovelace", Email: "ada@x.test", Company: "Engines", Notes: "" };
    expect(prospectFields(PROSPECT, data)).toEqual({
      email: "ada@x.test",
      name: "Ada Lovelace",
      company: "Engines",
      others: [],
    });
    const other = prospectFields(["full_name", "E-mail", "Organisation", "City"], {
      full_name: "Grace Hopper",
      "E-mail": "grace@x.test",
      Organisation: "Navy",
      City: "Arlington",
    });
    expect(other).toEqual({
      email: "grace@x.test",
      name: "Grace Hopper",
      company: "Navy",
      others: [{ column: "City", value: "Arlington" }],
    });
    expect(prospectFields(["Domain"], { Domain: "x.test" })).toMatchObject({ email: "", name: "", company: "" });
  });
});

describe("push receipts by row", () => {
  it("groups the receipts by row, newest first", () => {
    const r = (rowId: number, campaignName: string, pushedAt: string): PushReceiptJson => ({
      rowId,
      service: "instantly",
      campaignId: campaignName,
      campaignName,
      pushedAt,
    });
    const byRow = receiptsByRow([
      r(1, "Old", "2026-01-01T10:00:00.000Z"),
      r(2, "Other", "2026-01-02T10:00:00.000Z"),
      r(1, "New", "2026-02-01T10:00:00.000Z"),
    ]);
    expect(byRow.get(1)!.map((x) => x.campaignName)).toEqual(["New", "Old"]);
    expect(byRow.get(2)!.map((x) => x.campaignName)).toEqual(["Other"]);
    expect(byRow.get(3)).toBeUndefined();
  });
});
