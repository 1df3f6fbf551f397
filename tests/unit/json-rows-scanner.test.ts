import { describe, expect, it } from "vitest";
import { JsonRowsScanner, MalformedJson } from "@/lib/csv/json-rows-scanner";

/** Feeds `text` in pieces cut at `cuts`; answers the rows (parsed), the other members, or the failure. */
function scan(text: string, cuts: number[] = []) {
  const scanner = new JsonRowsScanner();
  const rows: unknown[] = [];
  let at = 0;
  try {
    for (const cut of [...cuts, text.length]) {
      rows.push(...scanner.push(text.slice(at, cut)).map((t) => JSON.parse(t)));
      at = cut;
      if (!scanner.simple) return { simple: false as const };
    }
    return { simple: true as const, rows, members: scanner.members() };
  } catch (error) {
    if (error instanceof MalformedJson) return { malformed: true as const };
    throw error;
  }
}

const BODIES = [
  `{"fileName":"a.csv","rows":[{"Name":"Zoë","Notes":"tab\\there, \\"quoted\\", {braces} [and] \\\\ back"}],"final":false}`,
  ` { "rows" : [ { "a" : "1" } , {"b":"x\\u00e9\\ud83c\\udf89"}, {} ] , "columns" : ["a","b"], "final" : true } `,
  `{"rows":[],"fileName":"e.csv"}`,
  `{"fileName":"n.csv","rows":[{"n":12.5e3,"t":true,"z":null,"nested":{"x":[1,{"y":"}"}]}}]}`,
  `{"rows":[1,"two",null,[3]],"x":{"deep":["]"]}}`,
  `{}`,
];

describe("JsonRowsScanner", () => {
  it("splits rows and members exactly as JSON.parse reads them, wherever the pieces are cut", () => {
    for (const body of BODIES) {
      const expected = JSON.parse(body) as { rows: unknown[] } & Record<string, unknown>;
      const { rows = [], ...members } = expected;
      for (let cut = 0; cut <= body.length; cut++) {
        const got = scan(body, [cut, Math.min(body.length, cut + 3)]);
        expect(got, `${body} cut at ${cut}`).toEqual({ simple: true, rows, members });
      }
    }
  });

  it("leaves bodies of another shape to the caller before any row comes out", () => {
    for (const body of [
      `[{"a":"1"}]`,
      `"text"`,
      `{"fileName":"x","rows":"nope"}`,
      `{"rows":{"0":{}}}`,
      `{"rows":null}`,
    ]) {
      expect(scan(body), body).toEqual({ simple: false });
    }
  });

  it("throws MalformedJson for broken JSON", () => {
    for (const body of [
      `{"rows":[{"a":"1"},]}`,
      `{"rows":[{"a":"1"}`,
      `{"rows":[{"a":"1"}]`,
      `{"a":1,}`,
      `{"a" 1}`,
      `{"rows":[{"a":"1"}]} x`,
      `{"rows":[,{"a":"1"}]}`,
      `{"a":tru}`,
      `{"rows":[{"a":"1"}],"rows":[]}`,
      `{"rows":[{"a":"1"} {"b":"2"}]}`,
      `{a:1}`,
    ]) {
      const got = scan(body);
      if ("rows" in got && got.rows) {
        // A row's own text is checked by JSON.parse in `scan` (as the import does).
        expect.fail(`${body} was accepted`);
      }
      expect(got, body).toEqual({ malformed: true });
    }
  });

  it("treats an empty body as an empty object", () => {
    expect(scan("  ")).toEqual({ simple: true, rows: [], members: {} });
  });
});
