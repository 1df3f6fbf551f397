import { describe, expect, it } from "vitest";
import {
  fillPrompt,
  missingVariables,
  onlyRunIfFilter,
  promptVariables,
  resolveColumn,
} from "@/lib/ai/prompt-variables";

describe("promptVariables", () => {
  it("finds {{Column}} and {{Column|fallback}} once each, trimming names", () => {
    expect(promptVariables("Hi {{ First Name }} at {{Company|your team}}, {{First Name}} again")).toEqual([
      { name: "First Name", fallback: undefined },
      { name: "Company", fallback: "your team" },
    ]);
  });

  it("keeps the fallback of a later occurrence when the first has none", () => {
    expect(promptVariables("{{Name}} … {{Name|there}}")).toEqual([{ name: "Name", fallback: "there" }]);
  });

  it("accepts an empty fallback and ignores single braces and {{}}", () => {
    expect(promptVariables("{{Title|}} {Company} {{}}")).toEqual([{ name: "Title", fallback: "" }]);
  });
});

describe("resolveColumn", () => {
  const columns = ["First Name", "Company", " Website "];
  it("prefers the exact name, else matches case- and space-insensitively", () => {
    expect(resolveColumn("Company", columns)).toBe("Company");
    expect(resolveColumn("first name", columns)).toBe("First Name");
    expect(resolveColumn("WEBSITE", columns)).toBe(" Website ");
    expect(resolveColumn("Email", columns)).toBeUndefined();
  });
});

describe("missingVariables", () => {
  it("lists variables the CSV lacks, unless they have a fallback", () => {
    const columns = ["First Name", "Company"];
    expect(missingVariables("Hi {{first name}} at {{Company}}", columns)).toEqual([]);
    expect(missingVariables("Hi {{First Name}}, {{Industry}} and {{Role}}", columns)).toEqual(["Industry", "Role"]);
    expect(missingVariables("Hi {{Nickname|there}}", columns)).toEqual([]);
    expect(missingVariables("No variables at all", columns)).toEqual([]);
  });
});

describe("fillPrompt", () => {
  const row = { "First Name": " Ada ", Company: "Analytical Engines", Title: "" };

  it("replaces each variable with the row's trimmed value", () => {
    expect(fillPrompt("Write to {{First Name}} at {{ company }}.", row)).toBe("Write to Ada at Analytical Engines.");
  });

  it("uses the fallback when the value is empty or the column missing", () => {
    expect(fillPrompt("Hi {{Title|friend}} / {{Missing|there}}", row)).toBe("Hi friend / there");
  });

  it("leaves an empty string for a missing value without fallback and keeps other text", () => {
    expect(fillPrompt("[{{Title}}] [{{Nope}}] {not a var} {{First Name|x}}", row)).toBe("[] [] {not a var} Ada");
  });

  it("does not treat replacement text specially ($ patterns, braces in values)", () => {
    expect(fillPrompt("Price: {{P}}", { P: "$& $1 {{Company}}" })).toBe("Price: $& $1 {{Company}}");
  });
});

describe("onlyRunIfFilter", () => {
  it("'!{{Column}}' keeps only rows where that column is empty", () => {
    const keep = onlyRunIfFilter("!{{Email}}")!;
    expect(keep({ Email: "" })).toBe(true);
    expect(keep({ Email: "   " })).toBe(true);
    expect(keep({ Email: "a@b.test" })).toBe(false);
    // a row without the column counts as empty
    expect(keep({ Name: "x" })).toBe(true);
  });

  it("tolerates spaces and matches the column loosely", () => {
    const keep = onlyRunIfFilter("  ! {{ subject line }} ")!;
    expect(keep({ "Subject Line": "" })).toBe(true);
    expect(keep({ "Subject Line": "Hello" })).toBe(false);
  });

  it("any other text means no filtering", () => {
    for (const c of ["", "{{Email}}", "!Email", "!{{Email}} and more", "!{{Email|x}}", "Email is empty"]) {
      expect(onlyRunIfFilter(c), c).toBeNull();
    }
  });
});
