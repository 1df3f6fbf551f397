import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodMessage } from "@/lib/http/respond";
import {
  cleanDeep,
  cleanString,
  cleanText,
  INVALID_TEXT_MESSAGE,
  isStorableText,
  parseDateText,
  safeDate,
  safeJsonObject,
  safeString,
  safeText,
  segmentParam,
  idParam,
  unstorableJson,
} from "@/lib/validation/strings";

describe("storable text", () => {
  it("refuses NUL and unpaired surrogates, accepts pairs and other control characters", () => {
    expect(isStorableText("plain \t\n text")).toBe(true);
    expect(isStorableText("emoji \ud83d\ude00")).toBe(true);
    expect(isStorableText("\ufffd\uffff")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("\ud800")).toBe(false);
    expect(isStorableText("x\udfffy")).toBe(false);
    expect(isStorableText("\udc00\ud800")).toBe(false);
  });

  it("cleanText removes NUL and replaces unpaired surrogates with U+FFFD", () => {
    expect(cleanText("a\u0000b\u0000")).toBe("ab");
    expect(cleanText("x\ud800y\udfffz")).toBe("x\ufffdy\ufffdz");
    expect(cleanText("ok \ud83d\ude00")).toBe("ok \ud83d\ude00");
    expect(cleanDeep({ "k\u0000": ["\ud800", 1, null, { v: "a\u0000" }] })).toEqual({
      k: ["\ufffd", 1, null, { v: "a" }],
    });
  });
});

describe("safeString / safeText / cleanString", () => {
  it("safeString refuses what cannot be stored, before the other rules, with the field's name", () => {
    const schema = z.object({
      name: safeString({ error: "Name is required" }).trim().min(1, "Name is required").max(5, "Too long"),
    });
    for (const bad of ["\u0000", "a\u0000", "\ud800", "x".repeat(10) + "\u0000"]) {
      const result = schema.safeParse({ name: bad });
      expect(result.success).toBe(false);
      expect(zodMessage(result.error!)).toBe(`name: ${INVALID_TEXT_MESSAGE}`);
    }
    expect(schema.safeParse({ name: 5 }).error?.issues[0]?.message).toBe("Name is required");
    expect(schema.safeParse({ name: "  Ada " }).data).toEqual({ name: "Ada" });
    expect(schema.safeParse({ name: "\ufffd" }).success).toBe(true);
  });

  it("safeText caps the length", () => {
    const schema = safeText({ max: 3, trim: true, tooLong: "At most 3" });
    expect(schema.safeParse(" abc ").data).toBe("abc");
    expect(schema.safeParse("abcd").error?.issues[0]?.message).toBe("At most 3");
    expect(schema.safeParse("\u0000").success).toBe(false);
  });

  it("cleanString cleans instead of refusing, then applies the rules to the cleaned text", () => {
    const schema = cleanString().trim().min(1, "empty");
    expect(schema.parse("a\u0000b\ud800")).toBe("ab\ufffd");
    expect(schema.safeParse("\u0000 ").error?.issues[0]?.message).toBe("empty");
  });
});

describe("dates", () => {
  it("accepts real dates within year 1970..9999", () => {
    expect(parseDateText("2030-01-31")?.toISOString()).toBe("2030-01-31T00:00:00.000Z");
    expect(parseDateText("2030-01-31T10:20:30.000Z")?.toISOString()).toBe("2030-01-31T10:20:30.000Z");
    expect(parseDateText("9999-12-31T23:59:59.999Z")).not.toBeNull();
  });

  it("refuses impossible, out-of-range and hostile dates", () => {
    for (const bad of [
      "2024-13-45",
      "10000-01-01",
      "+010000-01-01T00:00:00Z",
      "+275760-09-13T00:00:00.000Z",
      "-000001-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "99999999999999",
      "",
      "  ",
      "2024-01-01\u0000",
      "x".repeat(100),
      "NaN",
    ]) {
      expect(parseDateText(bad), bad).toBeNull();
    }
  });

  it("safeDate gives a Date or the caller's messages", () => {
    const schema = safeDate("Expiry date is not a valid date", "Expiry date is required");
    expect(schema.parse("2031-05-06")).toEqual(new Date("2031-05-06"));
    expect(schema.safeParse("2024-13-45").error?.issues[0]?.message).toBe("Expiry date is not a valid date");
    expect(schema.safeParse("10000-01-01").error?.issues[0]?.message).toBe("Expiry date is not a valid date");
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("Expiry date is required");
    expect(schema.safeParse(123).error?.issues[0]?.message).toBe("Expiry date is required");
  });
});

describe("JSON values and path params", () => {
  it("unstorableJson finds refused text in keys and values, bad dates and absurd nesting without recursion", () => {
    expect(unstorableJson({ a: ["b", { c: 1 }] })).toBeNull();
    expect(unstorableJson({ a: ["b", { c: "\u0000" }] })).toBe(INVALID_TEXT_MESSAGE);
    expect(unstorableJson({ "\ud800": 1 })).toBe(INVALID_TEXT_MESSAGE);
    expect(unstorableJson({ d: new Date(Date.UTC(10000, 0, 1)) })).toBe("Date is out of range");
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableJson(deep)).toMatch(/nested too deeply/);
  });

  it("safeJsonObject refuses objects holding refused text", () => {
    const schema = safeJsonObject("must be an object");
    expect(schema.safeParse({ type: "object" }).success).toBe(true);
    expect(schema.safeParse({ type: "\u0000" }).success).toBe(false);
    expect(schema.safeParse("text").error?.issues[0]?.message).toBe("must be an object");
  });

  it("idParam accepts UUIDs only; segmentParam storable text of bounded length", () => {
    expect(idParam.safeParse("2d3f805d-1e5c-4365-85fe-e87041e5965e").success).toBe(true);
    for (const bad of ["", "\u0000", "not-a-uuid", "2d3f805d-1e5c-4365-85fe-e87041e5965e\u0000", 5])
      expect(idParam.safeParse(bad).success).toBe(false);
    expect(segmentParam.safeParse("u_abc").success).toBe(true);
    for (const bad of ["", "\u0000", "\ud800", "x".repeat(1001)])
      expect(segmentParam.safeParse(bad).success).toBe(false);
  });
});
