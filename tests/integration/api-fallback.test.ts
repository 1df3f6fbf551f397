import { describe, expect, it } from "vitest";
import * as fallback from "@/app/api/[...rest]/route";
import { callRoute } from "../support/http";

describe("unknown API paths", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)("%s answers 404 JSON {msg}", async (method) => {
    const res = await callRoute(fallback[method], {
      method,
      url: "/api/does-not-exist/here",
      params: { rest: ["does-not-exist", "here"] },
      body: method === "GET" || method === "DELETE" ? undefined : { any: "thing" },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json).toEqual({ msg: "Not found", code: "not_found" });
  });
});
