import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bulkJson } from "@/lib/http/respond";

const request = (acceptEncoding?: string) =>
  new Request("http://app.test/api/csv/x", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
const big = JSON.stringify({
  rows: Array.from({ length: 3_000 }, (_, i) => ({ Name: `Row ${i}`, Notes: "Zoë — “quoted”" })),
});

describe("bulkJson (large JSON answers)", () => {
  it("gzips a large body itself when the client accepts gzip, and the bytes decode to the same JSON", async () => {
    const res = await bulkJson(request("br, gzip, deflate"), big, 201);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(big) / 3);
    expect(gunzipSync(bytes).toString("utf8")).toBe(big);
  });

  it("serialises a value the same way", async () => {
    const value = JSON.parse(big) as unknown;
    const res = await bulkJson(request("gzip"), value);
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8"))).toEqual(value);
  });

  it("sends the text as it is without gzip in Accept-Encoding, with gzip;q=0, or when the body is small", async () => {
    for (const [header, body] of [
      [undefined, big],
      ["gzip;q=0, br", big],
      ["identity", big],
      ["gzip", '{"ok":true}'],
    ]) {
      const res = await bulkJson(request(header), body);
      expect(res.headers.get("content-encoding"), String(header)).toBeNull();
      expect(await res.text()).toBe(body);
    }
  });
});
