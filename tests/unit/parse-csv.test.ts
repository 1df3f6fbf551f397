import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CSV_LIMITS } from "@/lib/csv/limits";
import {
  CsvParseError,
  decodeCsvBytes,
  inferColumnType,
  parseCsvBytes,
  parseCsvText,
  toCsvText,
  uniqueHeaders,
} from "@/lib/csv/parse-csv";

const fixtureBytes = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const fixture = (name: string) => parseCsvBytes(fixtureBytes(name));

const PROSPECT_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Title",
  "Company",
  "Website",
  "City",
  "Country",
  "Industry",
  "Employees",
  "LinkedIn",
  "Notes",
];

/** Runs fn and returns the CsvParseError it throws. */
function parseError(fn: () => unknown): CsvParseError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvParseError);
    return error as CsvParseError;
  }
  throw new Error("Expected a CsvParseError");
}

describe("fixtures", () => {
  it("excel-bom-crlf.csv: BOM stripped, CRLF lines, quoted commas and a multi-line value", () => {
    const bytes = fixtureBytes("excel-bom-crlf.csv");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = parseCsvBytes(bytes);
    expect(parsed.encoding).toBe("utf-8");
    expect(parsed.delimiter).toBe(",");
    expect(parsed.columns).toEqual(PROSPECT_COLUMNS);
    expect(parsed.columns[0]).toBe("First Name");
    expect(parsed.columns[0]!.charCodeAt(0)).toBe("F".charCodeAt(0));
    expect(parsed.renamedColumns).toEqual([]);
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.rows.map((r) => r.Email)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringMatching(new RegExp(`\\.${i}@`))),
    );
    // No line ending leaks into a value (except inside the quoted multi-line note).
    for (const row of parsed.rows) {
      expect(Object.keys(row)).toEqual(PROSPECT_COLUMNS);
      for (const [column, value] of Object.entries(row)) if (column !== "Notes") expect(value).not.toMatch(/[\r\n]/);
    }
    const [olu, priya, , sofia, , sofia5, , chloe] = parsed.rows;
    expect(olu).toMatchObject({ "First Name": "Olu", Employees: "3523", Notes: "" });
    expect(priya!.Notes).toBe("Prefers e-mail, not calls");
    expect(sofia).toMatchObject({ "First Name": "Sofía", "Last Name": "Müller" });
    expect(sofia!.Notes).toMatch(/^Line one\r?\nline two$/);
    expect(sofia5!.Title).toBe("Director, Partnerships");
    expect(chloe).toMatchObject({ "First Name": "Chloé", Notes: 'Hiring 3 SDRs, "scaling fast"' });
    expect(parsed.rows[4]!.City).toBe("Kraków");
    expect(parsed.columnTypes.Employees).toBe("number");
    expect(parsed.columnTypes.Email).toBe("text");
  });

  it("messy-headers.csv: blank and repeated headers renamed, all-empty lines dropped", () => {
    const parsed = fixture("messy-headers.csv");
    expect(parsed.columns).toEqual(["First Name", "Company", "Column 3", "Company (2)"]);
    expect(parsed.renamedColumns).toEqual([
      { original: "", name: "Column 3" },
      { original: "Company", name: "Company (2)" },
    ]);
    expect(parsed.rows).toEqual([
      { "First Name": "Ava", Company: "Acme", "Column 3": "x", "Company (2)": "Acme Inc" },
      { "First Name": "Liam", Company: "Globex", "Column 3": "", "Company (2)": "" },
    ]);
    // ",,," and " , , , " are rows whose every value is empty (a blank line is not a row).
    expect(parsed.droppedEmptyRows).toBe(2);
  });

  it("prospects-25.csv: 25 rows of 12 columns with apostrophes, escaped quotes and accents", () => {
    const parsed = fixture("prospects-25.csv");
    expect(parsed.encoding).toBe("utf-8");
    expect(parsed.columns).toEqual(PROSPECT_COLUMNS);
    expect(parsed.rows).toHaveLength(25);
    for (const row of parsed.rows) expect(Object.keys(row)).toHaveLength(12);
    expect(parsed.rows[0]).toMatchObject({ "First Name": "Priya", "Last Name": "O'Brien", Notes: "" });
    expect(parsed.rows[1]).toMatchObject({
      "Last Name": "Müller",
      Title: "Founder & CEO",
      Notes: 'Hiring 3 SDRs, "scaling fast"',
    });
    expect(parsed.rows[3]).toMatchObject({
      "First Name": "Łukasz",
      "Last Name": "García",
      Title: "Director, Partnerships",
      Notes: "Line one\nline two",
    });
    expect(parsed.rows[24]).toMatchObject({
      "First Name": "Emma",
      "Last Name": "O'Brien",
      Email: "emma.24@hoolirobotics.example",
    });
    expect(parsed.rows.filter((r) => r["Last Name"] === "O'Brien")).toHaveLength(4);
    expect(parsed.columnTypes).toMatchObject({ Employees: "number", "First Name": "text", Notes: "text" });
    expect(parsed.droppedEmptyRows).toBe(0);
  });

  it("semicolon-de.csv: ';' detected, quoted delimiter kept, German numbers stay text", () => {
    const parsed = fixture("semicolon-de.csv");
    expect(parsed.delimiter).toBe(";");
    expect(parsed.columns).toEqual(["Vorname", "Nachname", "Firma", "Website", "Umsatz"]);
    expect(parsed.rows).toEqual([
      {
        Vorname: "Jürgen",
        Nachname: "Müller",
        Firma: "Müller Logistik GmbH",
        Website: "https://mueller.example",
        Umsatz: "1.234,50",
      },
      {
        Vorname: "Anna",
        Nachname: "Schmidt",
        Firma: "Schmidt; Söhne",
        Website: "https://schmidt.example",
        Umsatz: "99,00",
      },
    ]);
    expect(parsed.columnTypes.Umsatz).toBe("text");
  });

  it("windows-1252.csv: decoded as Windows-1252 without mojibake", () => {
    const bytes = fixtureBytes("windows-1252.csv");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const parsed = parseCsvBytes(bytes);
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.columns).toEqual(["First Name", "Company"]);
    expect(parsed.rows).toEqual([
      { "First Name": "Chloé", Company: "Café Crème" },
      { "First Name": "José", Company: "Señor Tacos" },
    ]);
    expect(JSON.stringify(parsed.rows)).not.toMatch(/\ufffd|Ã/);
  });
});

describe("decodeCsvBytes / parseCsvBytes", () => {
  const text = "Name,City\nZoë,Kraków\nChloé,Zürich\n";
  const expected = [
    { Name: "Zoë", City: "Kraków" },
    { Name: "Chloé", City: "Zürich" },
  ];

  it("reads UTF-16LE with a BOM", () => {
    const bytes = new Uint8Array(Buffer.from("\ufeff" + text, "utf16le"));
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    expect(decodeCsvBytes(bytes)).toEqual({ text, encoding: "utf-16le" });
    const parsed = parseCsvBytes(bytes);
    expect(parsed.encoding).toBe("utf-16le");
    expect(parsed.columns).toEqual(["Name", "City"]);
    expect(parsed.rows).toEqual(expected);
  });

  it("reads UTF-16BE with a BOM", () => {
    const le = Buffer.from("\ufeff" + text, "utf16le");
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
    expect(decodeCsvBytes(be).encoding).toBe("utf-16be");
    expect(parseCsvBytes(be).rows).toEqual(expected);
  });

  it("reads UTF-8 with and without a BOM", () => {
    const plain = new TextEncoder().encode(text);
    expect(decodeCsvBytes(plain)).toEqual({ text, encoding: "utf-8" });
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsvBytes(withBom)).toEqual({ text, encoding: "utf-8" });
    expect(parseCsvBytes(withBom).columns[0]).toBe("Name");
  });

  it("rejects a file over 50 MB before decoding it", () => {
    const error = parseError(() => parseCsvBytes(new Uint8Array(CSV_LIMITS.maxFileBytes + 1)));
    expect(error.message).toMatch(/50 MB limit/);
  });

  it("rejects an empty file", () => {
    expect(parseError(() => parseCsvBytes(new Uint8Array(0))).message).toBe("The file is empty");
    expect(parseError(() => parseCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf]))).message).toBe("The file is empty");
  });
});

describe("parseCsvText", () => {
  it("detects tab-delimited text", () => {
    const parsed = parseCsvText("Name\tCompany\tNotes\nAva\tAcme, Inc\tlikes; semicolons\nLiam\tGlobex\t\n");
    expect(parsed.delimiter).toBe("\t");
    expect(parsed.columns).toEqual(["Name", "Company", "Notes"]);
    expect(parsed.rows).toEqual([
      { Name: "Ava", Company: "Acme, Inc", Notes: "likes; semicolons" },
      { Name: "Liam", Company: "Globex", Notes: "" },
    ]);
  });

  it("strips a BOM from text and trims header names", () => {
    const parsed = parseCsvText("\ufeff Name , Company\nAva,Acme\n");
    expect(parsed.columns).toEqual(["Name", "Company"]);
    expect(parsed.rows).toEqual([{ Name: "Ava", Company: "Acme" }]);
  });

  it("pads a short row with empty strings", () => {
    const parsed = parseCsvText("a,b,c\n1,2\n4,5,6\n");
    expect(parsed.columns).toEqual(["a", "b", "c"]);
    expect(parsed.rows).toEqual([
      { a: "1", b: "2", c: "" },
      { a: "4", b: "5", c: "6" },
    ]);
  });

  it("gives the cells of a row longer than the header an extra 'Column N'", () => {
    const parsed = parseCsvText("a,b\n1,2,3\n4,5\n");
    expect(parsed.columns).toEqual(["a", "b", "Column 3"]);
    expect(parsed.renamedColumns).toEqual([{ original: "", name: "Column 3" }]);
    expect(parsed.rows).toEqual([
      { a: "1", b: "2", "Column 3": "3" },
      { a: "4", b: "5", "Column 3": "" },
    ]);
  });

  it("keeps the extra cells of a long row far down a big file", () => {
    const parsed = parseCsvText("a,b\n" + "1,2\n".repeat(20_000) + "x,y,z\n");
    expect(parsed.columns).toEqual(["a", "b", "Column 3"]);
    expect(parsed.rows.at(-1)).toEqual({ a: "x", b: "y", "Column 3": "z" });
  });

  it("does not add columns for blank lines wider than the header", () => {
    const parsed = parseCsvText("a,b\n1,2\n,,,,\n");
    expect(parsed.columns).toEqual(["a", "b"]);
    expect(parsed.rows).toEqual([{ a: "1", b: "2" }]);
    expect(parsed.droppedEmptyRows).toBe(1);
  });

  it("takes the first non-empty line as the header", () => {
    const parsed = parseCsvText("\n,,\nName,City\nAva,Lyon\n");
    expect(parsed.columns).toEqual(["Name", "City"]);
    expect(parsed.rows).toEqual([{ Name: "Ava", City: "Lyon" }]);
  });

  it("rejects empty text", () => {
    expect(parseError(() => parseCsvText("")).message).toBe("The file is empty");
    expect(parseError(() => parseCsvText(" \r\n\n\t")).message).toBe("The file is empty");
    expect(parseError(() => parseCsvText("\ufeff")).message).toBe("The file is empty");
  });

  it("rejects an unclosed quote", () => {
    expect(parseError(() => parseCsvText('a,b\n"oops,1\n2,3\n')).message).toMatch(/Unclosed quote/);
  });

  it("accepts 100,000 rows and rejects more, naming the limit", () => {
    expect(parseCsvText("n\n" + "1\n".repeat(CSV_LIMITS.maxRows)).rows).toHaveLength(100_000);
    const error = parseError(() => parseCsvText("n\n" + "1\n".repeat(CSV_LIMITS.maxRows + 1)));
    expect(error.message).toMatch(/100,001 rows/);
    expect(error.message).toMatch(/limit is 100,000 rows/);
  });

  it("accepts 200 columns and rejects more, from the header or from a long row", () => {
    const header = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(",");
    expect(parseCsvText(`${header(200)}\n${"x,".repeat(199)}x\n`).columns).toHaveLength(200);
    expect(parseError(() => parseCsvText(`${header(201)}\n1\n`)).message).toMatch(/201 columns; the limit is 200/);
    expect(parseError(() => parseCsvText(`${header(200)}\n${"x,".repeat(200)}x\n`)).message).toMatch(
      /201 columns; the limit is 200/,
    );
  });

  it("infers column types and leaves the values as text", () => {
    const parsed = parseCsvText('Count,Joined,Name\n1,2024-01-31,Ava\n"2,500",2024-02-01,Liam\n');
    expect(parsed.columnTypes).toEqual({ Count: "number", Joined: "date", Name: "text" });
    expect(parsed.rows[1]).toEqual({ Count: "2,500", Joined: "2024-02-01", Name: "Liam" });
  });
});

describe("uniqueHeaders", () => {
  it("numbers repeats and blank cells", () => {
    expect(uniqueHeaders(["A", "A", "", "A", " "])).toEqual({
      columns: ["A", "A (2)", "Column 3", "A (3)", "Column 5"],
      renamed: [
        { original: "A", name: "A (2)" },
        { original: "", name: "Column 3" },
        { original: "A", name: "A (3)" },
        { original: "", name: "Column 5" },
      ],
    });
  });

  it("never produces a duplicate name", () => {
    const { columns } = uniqueHeaders(["Column 2", "", "A", "A (2)", "A"]);
    expect(new Set(columns).size).toBe(columns.length);
  });
});

describe("inferColumnType", () => {
  it("recognises numbers", () => {
    expect(inferColumnType(["1", "-2", "3.5", "1,234", "1,234,567.89", " 42 "])).toBe("number");
    expect(inferColumnType(["99,00", "5"])).toBe("number");
  });

  it("recognises dates", () => {
    expect(inferColumnType(["2024-01-31", "2024-02-01 09:30", "2024-02-01T09:30:15"])).toBe("date");
    expect(inferColumnType(["1/31/2024", "12/1/24"])).toBe("date");
  });

  it("falls back to text", () => {
    expect(inferColumnType(["1", "two"])).toBe("text");
    expect(inferColumnType(["1.234,50"])).toBe("text");
    expect(inferColumnType(["2024-01-31", "soon"])).toBe("text");
    expect(inferColumnType([])).toBe("text");
    expect(inferColumnType(["", "  "])).toBe("text");
  });

  it("ignores empty values", () => {
    expect(inferColumnType(["", "7", " "])).toBe("number");
    expect(inferColumnType(["", "2024-01-01"])).toBe("date");
  });
});

describe("toCsvText", () => {
  const columns = ["Name", "Notes, etc.", "Email Body"];
  const rows = [
    { Name: "Ava", "Notes, etc.": "Acme, Inc", "Email Body": 'She said "hi"' },
    { Name: "Zoë", "Notes, etc.": "", "Email Body": "Line one\nLine two" },
    { Name: "Liam", "Notes, etc.": "plain", "Email Body": "" },
  ];

  it("writes a BOM, CRLF lines and quotes what needs quoting", () => {
    const text = toCsvText(columns, rows);
    expect(text.startsWith("\ufeff")).toBe(true);
    expect(text.slice(1).split("\r\n")[0]).toBe('Name,"Notes, etc.",Email Body');
    expect(text).toContain('Ava,"Acme, Inc","She said ""hi"""');
    expect(text).toContain('Zoë,,"Line one\nLine two"');
    expect(text).toContain("\r\nLiam,plain,");
  });

  it("parses back to the same rows (from text and from UTF-8 bytes)", () => {
    const text = toCsvText(columns, rows);
    expect(parseCsvText(text)).toMatchObject({ columns, rows });
    expect(parseCsvBytes(new TextEncoder().encode(text))).toMatchObject({ columns, rows, encoding: "utf-8" });
  });

  it("writes '' for missing keys and only the given columns", () => {
    const text = toCsvText(["a", "b"], [{ a: "1", extra: "x" } as Record<string, string>]);
    expect(text).toBe("\ufeffa,b\r\n1,");
  });

  it("round-trips every fixture", () => {
    for (const name of [
      "excel-bom-crlf.csv",
      "messy-headers.csv",
      "prospects-25.csv",
      "semicolon-de.csv",
      "windows-1252.csv",
    ]) {
      const parsed = fixture(name);
      const again = parseCsvText(toCsvText(parsed.columns, parsed.rows));
      expect(again.columns, name).toEqual(parsed.columns);
      expect(again.rows, name).toEqual(parsed.rows);
    }
  });
});
