import { describe, expect, it } from "vitest";
import { jsonText } from "@/lib/http/respond";

describe("jsonText (large JSON answers)", () => {
  it("sends JSON text as it is, without an encoding of its own (Next's server compresses it)", async () => {
    const text = '{"rows":[{"Name" : "Zoë"}],"rowIds":[1]}';
    const res = jsonText(text, 201);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe(text);
  });

  it("serialises a value", async () => {
    const value = { rows: [{ a: "1" }], rowIds: [7] };
    expect(await jsonText(value).json()).toEqual(value);
  });
});
