import { describe, expect, it } from "vitest";
import { MALFORMED_PATH_MESSAGE, malformedPathProblem, malformedPathResponse } from "@/lib/http/malformed-path";

describe("malformed paths", () => {
  it("refuses undecodable percent-encoding and %00", () => {
    for (const path of [
      "/api/csv/%ff",
      "/api/csv/%ff/rows/1",
      "/api/tickets/%E0%A4%A",
      "/api/csv/%",
      "/api/csv/%zz",
      "/api/csv/%ED%A0%80",
      "/api/csv/%C0%AF",
      "/api/csv/abc%00",
      "/reset-password/%00",
    ]) {
      expect(malformedPathProblem(path), path).toBe(MALFORMED_PATH_MESSAGE);
    }
  });

  it("lets well-formed paths through", () => {
    for (const path of [
      "/",
      "/api/csv",
      "/api/csv/columns/First%20Name",
      "/api/csv/x/columns/Caf%C3%A9",
      "/api/csv/%F0%9F%98%80",
      "/dashboard",
    ]) {
      expect(malformedPathProblem(path), path).toBeNull();
    }
  });

  it("answers 400 JSON {msg, code}", async () => {
    const res = malformedPathResponse("/api/csv/%ff")!;
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ msg: MALFORMED_PATH_MESSAGE, code: "invalid_input" });
    expect(malformedPathResponse("/api/csv/abc")).toBeNull();
  });
});
