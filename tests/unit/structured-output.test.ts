import { describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { extractJsonObject, isStrictCompatible, schemaInstructions } from "@/lib/ai/structured-output";

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

describe("isStrictCompatible", () => {
  it("accepts the default schema (closed, every property required)", () => {
    expect(isStrictCompatible(JSON.parse(DEFAULT_JSON_SCHEMA))).toBe(true);
  });

  it("refuses an open object (additionalProperties not false)", () => {
    const open = { type: "object", properties: { subject_line: { type: "string" } }, required: ["subject_line"] };
    expect(isStrictCompatible(open)).toBe(false);
    expect(isStrictCompatible({ ...open, additionalProperties: true })).toBe(false);
  });

  it("refuses optional properties", () => {
    expect(isStrictCompatible(closed({ a: { type: "string" }, b: { type: "string" } }, { required: ["a"] }))).toBe(
      false,
    );
  });

  it("checks nested objects, array items and anyOf branches", () => {
    const nestedOk = closed({
      meta: closed({ tone: { type: "string" } }),
      tags: { type: "array", items: closed({ t: { type: "string" } }) },
    });
    expect(isStrictCompatible(nestedOk)).toBe(true);
    expect(
      isStrictCompatible(
        closed({ meta: { type: "object", properties: { tone: { type: "string" } }, required: ["tone"] } }),
      ),
    ).toBe(false);
    expect(isStrictCompatible(closed({ tags: { type: "array", items: { type: "object", properties: {} } } }))).toBe(
      false,
    );
    expect(
      isStrictCompatible(
        closed({ x: { anyOf: [{ type: "string" }, { type: "object", properties: { y: { type: "string" } } }] } }),
      ),
    ).toBe(false);
    expect(isStrictCompatible(closed({ x: { anyOf: [{ type: "string" }, { type: "null" }] } }))).toBe(true);
  });

  it("treats an object without properties as closed only with additionalProperties false", () => {
    expect(isStrictCompatible({ type: "object", additionalProperties: false })).toBe(true);
    expect(isStrictCompatible({ type: "object" })).toBe(false);
  });
});

describe("extractJsonObject", () => {
  it("parses plain JSON (with surrounding whitespace)", () => {
    expect(extractJsonObject('  {"subject_line":"Hi","email_body":"B"}\n')).toEqual({
      subject_line: "Hi",
      email_body: "B",
    });
  });

  it("parses a fenced ```json block", () => {
    const text = 'Here you go:\n```json\n{ "subject_line": "Hello", "email_body": "Body with } brace" }\n```\nThanks!';
    expect(extractJsonObject(text)).toEqual({ subject_line: "Hello", email_body: "Body with } brace" });
  });

  it("parses a fence without a language tag", () => {
    expect(extractJsonObject('```\n{"content":"x"}\n```')).toEqual({ content: "x" });
  });

  it("falls back to the outermost {...} in prose", () => {
    expect(extractJsonObject('Sure! {"subject_line":"A","email_body":"B"} Let me know.')).toEqual({
      subject_line: "A",
      email_body: "B",
    });
  });

  it("returns null for non-objects and garbage", () => {
    for (const text of [
      "",
      "Sure! Subject - hello (not JSON)",
      "[1,2]",
      '"just a string"',
      "42",
      "null",
      "{broken: json}",
      "```json\n[1]\n```",
    ]) {
      expect(extractJsonObject(text), text).toBeNull();
    }
  });
});

describe("schemaInstructions", () => {
  it("mentions JSON and embeds the schema (needed by json_object mode)", () => {
    const schema = closed({ subject_line: { type: "string" } });
    const text = schemaInstructions(schema);
    expect(text).toMatch(/JSON/);
    expect(text).toContain(JSON.stringify(schema));
  });
});
