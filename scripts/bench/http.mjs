// The benches' API client: JSON calls timed as load generators time them, the app's chunked CSV import,
// and a verified user made through the API and the dev mailbox.
import http from "node:http";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { waitFor } from "./server.mjs";

/** Rows per import request, as the app sends them (CSV_LIMITS.chunkRows in lib/csv/limits.ts). */
export const CHUNK_ROWS = 5_000;

/** One request on `agent`; resolves at the answer's last byte with its raw (encoded) bytes. */
function send(agent, url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const sentAt = performance.now();
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      let firstByteMs = null;
      res.on("data", (chunk) => {
        firstByteMs ??= performance.now() - sentAt;
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ res, raw: Buffer.concat(chunks), firstByteMs }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Decodes an answer as a browser would (Content-Encoding gzip, deflate or br). */
function decodeAnswer(res, raw) {
  const encoding = res.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(raw);
  if (encoding === "deflate") return zlib.inflateSync(raw);
  if (encoding === "br") return zlib.brotliDecompressSync(raw);
  return raw;
}

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { raw: text.slice(0, 300) };
  }
}

/**
 * A client of the server at `baseUrl` on keep-alive sockets. `client.call(method, path, body)` sends a request
 * as a browser would (JSON body, Accept-Encoding gzip, deflate; `x-auth-token` when `client.token` is set)
 * and times it from the first byte sent to the last byte of the answer received, as load generators (wrk,
 * autocannon) do: the answer is decompressed and parsed after the clock stops, so the client's own work on
 * the shared cores (gunzip and decode of a 20 MB answer cost about 0.1–0.3 s here) is not counted as the
 * server's. A non-2xx answer throws.
 */
export function createClient(baseUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const client = { baseUrl, token: "", call };
  async function call(method, pathname, body, { token = client.token } = {}) {
    const headers = { accept: "application/json", "accept-encoding": "gzip, deflate" };
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const payload = body === undefined ? undefined : Buffer.from(text);
    if (payload) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(payload.length);
    }
    if (token) headers["x-auth-token"] = token;
    const started = performance.now();
    const { res, raw, firstByteMs } = await send(agent, baseUrl + pathname, method, headers, payload);
    const ms = performance.now() - started;
    const answer = decodeAnswer(res, raw).toString("utf8");
    const data = parseJson(answer);
    if (res.statusCode < 200 || res.statusCode >= 300)
      throw new Error(`${method} ${pathname} -> ${res.statusCode}: ${JSON.stringify(data).slice(0, 300)}`);
    const requestBytes = payload ? payload.length : 0;
    return { data, ms, firstByteMs, res, requestBytes, responseBytes: Buffer.byteLength(answer) };
  }
  return client;
}

/**
 * Imports `rows` as the app does: POST /api/csv/import with the first chunk (final:false unless it is the only
 * one), then POST /api/csv/{id}/append per chunk, final:true on the last. Answers the file's id, the whole
 * time, the number of requests, each request's time and the JSON bytes sent.
 */
export async function chunkedImport(client, rows, { fileName, columns, chunkRows = CHUNK_ROWS }) {
  const started = performance.now();
  const created = await client.call("POST", "/api/csv/import", {
    fileName,
    columns,
    rows: rows.slice(0, chunkRows),
    final: rows.length <= chunkRows,
  });
  const id = created.data._id;
  const chunkTimes = [created.ms];
  let sentBytes = created.requestBytes;
  for (let i = chunkRows; i < rows.length; i += chunkRows) {
    const appended = await client.call("POST", `/api/csv/${id}/append`, {
      rows: rows.slice(i, i + chunkRows),
      final: i + chunkRows >= rows.length,
    });
    chunkTimes.push(appended.ms);
    sentBytes += appended.requestBytes;
  }
  return { id, ms: performance.now() - started, requests: chunkTimes.length, chunkTimes, sentBytes };
}

/**
 * Registers `email`, reads the verification mail from the dev mailbox and follows its link; the token the
 * verification answers (empty when it answered none) becomes the client's.
 */
export async function registerUser(client, { email, password, watch = [] }) {
  await client.call("POST", "/api/auth/register", { name: "Bench User", email, password });
  const mail = await waitFor(
    async () => {
      const { data } = await client.call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      return data.find((m) => m.text.includes("/verify-email/"));
    },
    { timeout: 30_000, what: "the verification mail", watch },
  );
  const verified = await client.call("GET", `/api/auth/verify-email/${mail.text.match(/\/verify-email\/([^\s]+)/)[1]}`);
  client.token = verified.data.token ?? "";
  return client.token;
}
