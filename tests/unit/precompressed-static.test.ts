import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseEncoding,
  configHeadersFor,
  createPrecompressedHandler,
  installPrecompressedStatic,
  isPrecompressedStaticInstalled,
  staticFileOf,
} from "@/lib/http/precompressed-static.mjs";

// The rule next.config.ts adds for /_next/:path*, as routes-manifest.json holds it.
const NEXT_RULE = {
  source: "/_next/:path*",
  regex: "^/_next(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
  headers: [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  ],
};

describe("chooseEncoding", () => {
  const both = ["br", "gzip"];
  it("prefers brotli, then gzip, among the files that exist", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate, br", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.1", both)).toBe("br");
    expect(chooseEncoding(["gzip", "br"], both)).toBe("br");
  });

  it("respects q=0, wildcards and x-gzip", () => {
    expect(chooseEncoding("gzip, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", both)).toBeNull();
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("gzip, *;q=0", both)).toBe("gzip");
    expect(chooseEncoding("x-gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=abc, gzip", both)).toBe("gzip");
  });

  it("answers null without an acceptable coding", () => {
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding("", both)).toBeNull();
    expect(chooseEncoding("identity", both)).toBeNull();
    expect(chooseEncoding("deflate, zstd", both)).toBeNull();
    expect(chooseEncoding("br, gzip", [])).toBeNull();
  });
});

describe("staticFileOf", () => {
  const dir = path.resolve("/srv/app/.next/static");
  it("maps safe names under /_next/static/ to files of the folder", () => {
    expect(staticFileOf(dir, "/_next/static/chunks/0abc-x_y.js")).toBe(path.join(dir, "chunks", "0abc-x_y.js"));
    expect(staticFileOf(dir, "/_next/static/chunks/app.css")).toBe(path.join(dir, "chunks", "app.css"));
  });

  it.each([
    "/_next/static/../server/app.js",
    "/_next/static/chunks/../../x.js",
    "/_next/static/./chunks/a.js",
    "/_next/static/chunks%2F..%2Fa.js",
    "/_next/static/%2e%2e/a.js",
    "/_next/static/chunks\\a.js",
    "/_next/static/chunks//a.js",
    "/_next/static/chunks/a.js?v=1",
    "/_next/static/chunks/a.js.map",
    "/_next/static/media/font.woff2",
    "/_next/static/chunks/a.js.br",
    "/_next/image?url=/a.js",
    "/static/chunks/a.js",
    "/_next/static/",
    undefined,
  ])("refuses %s", (url) => {
    expect(staticFileOf(dir, url)).toBeNull();
  });
});

describe("configHeadersFor", () => {
  it("gives the headers of the rules matching the path", () => {
    expect(configHeadersFor([NEXT_RULE], "/_next/static/chunks/a.js")).toEqual({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(configHeadersFor([{ ...NEXT_RULE, regex: "^/api(?:/.*)?$" }], "/_next/static/chunks/a.js")).toEqual({});
  });

  it("leaves the request to Next when a matching rule has conditions or substitutes a parameter", () => {
    expect(configHeadersFor([{ ...NEXT_RULE, has: [{ type: "header", key: "x" }] }], "/_next/static/a.js")).toBeNull();
    expect(
      configHeadersFor([{ ...NEXT_RULE, missing: [{ type: "query", key: "x" }] }], "/_next/static/a.js"),
    ).toBeNull();
    const named = { ...NEXT_RULE, regex: "^/_next(?:/(?<path>.*))?$", headers: [{ key: "X-Path", value: ":path" }] };
    expect(configHeadersFor([named], "/_next/static/a.js")).toBeNull();
    // A colon that is not a parameter (a URL in a header value) is fine.
    const url = { ...NEXT_RULE, headers: [{ key: "Link", value: "<https://cdn.example>; rel=preconnect" }] };
    expect(configHeadersFor([url], "/_next/static/a.js")).toEqual({ Link: "<https://cdn.example>; rel=preconnect" });
  });
});

describe("precompressed static handler over HTTP", () => {
  const script = `console.log(${JSON.stringify("x".repeat(2000))});\n`.repeat(20);
  let root: string;
  let server: http.Server;
  let port: number;
  let passedOn: string[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
    const chunks = path.join(root, ".next", "static", "chunks");
    fs.mkdirSync(chunks, { recursive: true });
    fs.writeFileSync(path.join(chunks, "app.js"), script);
    fs.writeFileSync(path.join(chunks, "app.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(chunks, "app.js.gz"), zlib.gzipSync(script));
    fs.writeFileSync(path.join(chunks, "gz-only.css"), "a{}");
    fs.writeFileSync(path.join(chunks, "gz-only.css.gz"), zlib.gzipSync("a{}"));
    fs.writeFileSync(path.join(chunks, "plain.js"), "1");
    fs.writeFileSync(path.join(root, ".next", "secret.js.br"), "secret");
    fs.writeFileSync(path.join(root, ".next", "routes-manifest.json"), JSON.stringify({ headers: [NEXT_RULE] }));

    // Installed as the servers run it: on http.Server, reading the build folder of the working directory.
    process.chdir(root);
    installPrecompressedStatic();
    installPrecompressedStatic(); // idempotent
    server = http.createServer((req, res) => {
      passedOn.push(req.url ?? "");
      res.end("from next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request (no client-side path normalisation, no automatic decompression). */
  function send(target: string, headers: Record<string, string> = {}, method = "GET") {
    passedOn = [];
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; next: boolean }>(
      (resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(parts),
              next: passedOn.length > 0,
            }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  it("is installed once on http.Server", () => {
    expect(isPrecompressedStaticInstalled()).toBe(true);
  });

  it("answers brotli with Next's headers for a browser that accepts it", async () => {
    const res = await send("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.next).toBe(false);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  it("answers gzip when brotli is refused or missing, with another ETag", async () => {
    const br = await send("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    const gz = await send("/_next/static/chunks/app.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const css = await send("/_next/static/chunks/gz-only.css", { "accept-encoding": "br, gzip" });
    expect(css.headers["content-encoding"]).toBe("gzip");
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await send("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    const again = await send("/_next/static/chunks/app.js", {
      "accept-encoding": "br",
      "if-none-match": `"other", ${first.headers.etag}`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const head = await send("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.next).toBe(false);
  });

  it.each([
    ["no Accept-Encoding", "/_next/static/chunks/app.js", {}, "GET"],
    ["identity only", "/_next/static/chunks/app.js", { "accept-encoding": "identity" }, "GET"],
    ["a Range request", "/_next/static/chunks/app.js", { "accept-encoding": "br", range: "bytes=0-10" }, "GET"],
    ["a POST", "/_next/static/chunks/app.js", { "accept-encoding": "br" }, "POST"],
    ["no precompressed sibling", "/_next/static/chunks/plain.js", { "accept-encoding": "br, gzip" }, "GET"],
    ["an unknown file", "/_next/static/chunks/missing.js", { "accept-encoding": "br, gzip" }, "GET"],
    ["a path out of the folder", "/_next/static/../secret.js", { "accept-encoding": "br" }, "GET"],
    ["an encoded slash", "/_next/static/chunks%2Fapp.js", { "accept-encoding": "br" }, "GET"],
    ["a query string", "/_next/static/chunks/app.js?x=1", { "accept-encoding": "br" }, "GET"],
    ["another path", "/login", { "accept-encoding": "br" }, "GET"],
  ])("leaves %s to Next", async (_name, target, headers, method) => {
    const res = await send(target, headers as Record<string, string>, method);
    expect(res.next).toBe(true);
    expect(res.body.toString()).toBe("from next");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("createPrecompressedHandler", () => {
  it("leaves everything to Next when a header rule for the path has conditions", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-rules-"));
    fs.writeFileSync(path.join(dir, "a.js"), "1");
    fs.writeFileSync(path.join(dir, "a.js.br"), "1");
    const handle = createPrecompressedHandler({ staticDir: dir, rules: [{ ...NEXT_RULE, has: [{}] }] });
    const req = { method: "GET", url: "/_next/static/a.js", headers: { "accept-encoding": "br" } };
    const res = { writeHead: () => expect.fail("must not answer") };
    expect(handle(req as never, res as never)).toBe(false);
  });
});
