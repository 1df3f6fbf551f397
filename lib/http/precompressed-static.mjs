// @ts-check
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";

const INSTALLED = Symbol.for("coldmail.precompressedStatic.installed");
const PREFIX = "/_next/static/";
/** The siblings scripts/build.mjs writes next to every .js and .css file, best first. */
export const ENCODINGS = /** @type {const} */ ([
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
]);
const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
const IMMUTABLE = "public, max-age=31536000, immutable";
const SAFE_SEGMENT = /^[A-Za-z0-9._~@+=-]+$/;

/**
 * Serves the build's precompressed scripts and styles (`<file>.br`, `<file>.gz`, written by
 * scripts/build.mjs with brotli quality 11 and gzip level 9) for `/_next/static/*`, the way
 * nginx's `brotli_static` / `gzip_static` would. Next's standalone server compresses those files
 * itself on every request, with gzip only; this answers before Next sees the request, with the
 * same headers Next gives the file, and leaves every other request (and any request it is unsure
 * of) to Next untouched.
 *
 * Plain JavaScript so that `npm start` can preload it (`node --import`) before Next creates its
 * server; instrumentation.ts installs it too (idempotent) for servers started another way.
 */

/**
 * The coding to answer with for an Accept-Encoding header: brotli, else gzip, among `available`;
 * a coding listed with q=0 (or only allowed by `*` when `*;q=0`) is refused. null: send the file as it is.
 * @param {string | string[] | undefined} header
 * @param {ReadonlyArray<string>} available
 * @returns {"br" | "gzip" | null}
 */
export function chooseEncoding(header, available) {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of value.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const name = token.trim();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, raw] = param.trim().split("=");
      if (key?.trim() === "q") weight = Number(raw);
    }
    if (!Number.isFinite(weight)) weight = 0;
    q.set(name === "x-gzip" ? "gzip" : name, Math.max(q.get(name) ?? 0, weight));
  }
  for (const { name } of ENCODINGS) {
    const weight = q.get(name) ?? q.get("*") ?? 0;
    if (weight > 0 && available.includes(name)) return name;
  }
  return null;
}

/**
 * The file a request path names under the static folder, or null when the path is not one this
 * hook may answer: outside `/_next/static/`, a query string, `..` / `.` segments, encoded slashes
 * or backslashes, characters outside a conservative set, or an extension other than .js / .css.
 * @param {string} staticDir absolute
 * @param {string | undefined} url the request target
 */
export function staticFileOf(staticDir, url) {
  if (!url || !url.startsWith(PREFIX) || url.includes("?") || url.includes("#")) return null;
  const rest = url.slice(PREFIX.length);
  const segments = rest.split("/");
  if (segments.length === 0 || segments.some((s) => !SAFE_SEGMENT.test(s) || s === "." || s === "..")) return null; // also refuses %-escapes (encoded slashes, dots, NUL): Next decides those
  if (!(path.extname(rest) in TYPES)) return null;
  const file = path.resolve(staticDir, ...segments);
  return file.startsWith(staticDir + path.sep) ? file : null;
}

/**
 * A header rule of routes-manifest.json.
 * @typedef {{ key: string; value: string }} Header
 * @typedef {{ regex: string; headers: Header[]; has?: unknown[]; missing?: unknown[] }} HeaderRule
 */

/**
 * The headers next.config.ts (routes-manifest.json) adds to a path, or null when a rule with
 * conditions (`has` / `missing`) applies to it: then Next answers, since only it can evaluate them.
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 */
export function configHeadersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const rule of rules) {
    if (!new RegExp(rule.regex).test(pathname)) continue;
    if (rule.has?.length || rule.missing?.length) return null;
    const params = [...rule.regex.matchAll(/\(\?<([A-Za-z_]\w*)>/g)].map((m) => `:${m[1]}`);
    for (const { key, value } of rule.headers) {
      if (params.some((param) => key.includes(param) || value.includes(param))) return null; // Next substitutes those
      out[key] = value;
    }
  }
  return out;
}

/**
 * A request handler for one build: `handle(req, res)` answers and returns true, or returns false
 * having touched nothing. `staticDir` is the build's `.next/static`; `rules` are the header rules
 * of its routes-manifest.json.
 * @param {{ staticDir: string; rules?: HeaderRule[] }} options
 */
export function createPrecompressedHandler({ staticDir, rules = [] }) {
  const root = path.resolve(staticDir);
  /** @type {Map<string, { size: number; etag: string } | null>} */
  const stats = new Map();
  /** Files never change in a build's static folder (their names hold their hash): stat each once. */
  const statOf = (/** @type {string} */ file) => {
    if (stats.has(file)) return stats.get(file) ?? null;
    let found = null;
    try {
      const st = fs.statSync(file);
      if (st.isFile())
        found = { size: st.size, etag: `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` };
    } catch {
      found = null;
    }
    if (stats.size < 20_000) stats.set(file, found); // bounded: unknown names are not kept forever
    return found;
  };

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  return function handle(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers.range !== undefined) return false;
    const file = staticFileOf(root, req.url);
    if (!file) return false;
    const available = ENCODINGS.filter((e) => statOf(file + e.suffix)).map((e) => e.name);
    const encoding = chooseEncoding(req.headers["accept-encoding"], available);
    if (!encoding) return false;
    const extra = configHeadersFor(rules, /** @type {string} */ (req.url));
    if (!extra) return false;
    const suffix = ENCODINGS.find((e) => e.name === encoding)?.suffix ?? "";
    const stat = statOf(file + suffix);
    if (!stat) return false;

    /** @type {Record<string, string | number>} */
    const headers = {
      ...extra,
      "Cache-Control": IMMUTABLE,
      "Content-Type": TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))],
      Vary: "Accept-Encoding",
      ETag: stat.etag,
    };
    const match = req.headers["if-none-match"];
    if (match && match.split(",").some((tag) => tag.trim() === stat.etag || tag.trim() === "*")) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, "Content-Encoding": encoding, "Content-Length": stat.size });
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    pipeline(fs.createReadStream(file + suffix), res, (err) => {
      if (err) res.destroy(err);
    });
    return true;
  };
}

/**
 * The build's static folder and header rules, as the standalone server lays them out: the
 * server runs in its own folder (server.js changes into it), so both are read on the first
 * static request, relative to the working directory then.
 */
function loadHandler() {
  const distDir = path.resolve(".next");
  /** @type {HeaderRule[]} */
  let rules = [];
  try {
    rules = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")).headers ?? [];
  } catch {
    return null; // not a build folder: leave everything to Next
  }
  return createPrecompressedHandler({ staticDir: path.join(distDir, "static"), rules });
}

export function installPrecompressedStatic() {
  const proto = /** @type {any} */ (http.Server.prototype);
  if (proto[INSTALLED]) return;
  /** @type {ReturnType<typeof createPrecompressedHandler> | null | undefined} */
  let handler;
  const emit = proto.emit;
  proto.emit = function (/** @type {string | symbol} */ event, /** @type {unknown[]} */ ...args) {
    if (event === "request") {
      const [req, res] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
      if (req.url?.startsWith(PREFIX)) {
        if (handler === undefined) handler = loadHandler();
        if (handler?.(req, res)) return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}

export function isPrecompressedStaticInstalled() {
  return Boolean(/** @type {any} */ (http.Server.prototype)[INSTALLED]);
}
