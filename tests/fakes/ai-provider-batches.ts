/**
 * Batch APIs of the fake provider (ai-provider.ts routes to it), in the providers' wire formats:
 *
 * OpenAI Files + Batches: `POST /v1/files` (multipart, purpose "batch", a JSONL of
 * `{ custom_id, method, url, body }` lines) → file object; `POST /v1/batches { input_file_id, endpoint,
 * completion_window, metadata }` → batch object (`status` validating → in_progress → finalizing →
 * completed | expired | cancelling → cancelled; `request_counts { total, completed, failed }`,
 * `output_file_id`, `error_file_id`); `GET /v1/batches[/{id}]`, `POST /v1/batches/{id}/cancel`;
 * `GET /v1/files/{id}/content`: output lines `{ id, custom_id, response: { status_code, request_id, body },
 * error: null }`, error lines with `response: null, error: { code: "batch_expired" | "batch_cancelled", message }`
 * or a non-200 `response`.
 *
 * Anthropic Message Batches: `POST /v1/messages/batches { requests: [{ custom_id, params }] }`,
 * `GET /v1/messages/batches[/{id}]`, `POST …/{id}/cancel` → `{ id, type: "message_batch",
 * processing_status: in_progress | canceling | ended, request_counts { processing, succeeded, errored,
 * canceled, expired }, results_url, created_at, ended_at, expires_at, cancel_initiated_at, archived_at }`;
 * `GET …/{id}/results`: JSONL `{ custom_id, result: { type: succeeded, message } | { type: errored, error:
 * { type: "error", error: { type, message } } } | { type: canceled } | { type: expired } }`.
 *
 * Each request is answered by the same generation code as a single call (`generate`), so outputs and token
 * usage are realistic. Time is controlled by `BatchFakeOptions` (slow completion, expiry, errors, cancel).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { id, providerErrorBody, type FakeProvider, type Json } from "./ai-provider-wire";
import {
  anthropicBatchJson,
  anthropicResults,
  multipart,
  openAiBatchJson,
  openAiResultLines,
  secs,
  type FakeBatch,
} from "./ai-provider-batches-wire";

export interface BatchFakeOptions {
  /** ms after creation until every request has been processed (default 200); they are processed in order. */
  completeAfterMs?: number;
  /** ms after creation at which the batch expires: requests not processed by then expire (default never). */
  expireAfterMs?: number;
  /** ms a cancel takes to end the batch (default 50). */
  cancelAfterMs?: number;
  /** Creates the next batch, then drops the connection before answering (a lost answer: the client cannot know). */
  dropNextCreateAnswer?: boolean;
  /** A request that errors at the provider: the error message (by custom_id, 0-based position and request body). */
  errorFor?: (customId: string, index: number, body: Json) => string | null;
}

/** The generation of one request, as a single call answers it (status and body). */
export type GenerateOne = (
  provider: FakeProvider,
  endpoint: "chat.completions" | "messages",
  body: Json,
  apiKey: string,
) => Promise<{ status: number; body: unknown }>;

export interface BatchApi {
  handles(provider: FakeProvider, method: string, path: string): boolean;
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    ctx: { provider: FakeProvider; method: string; path: string; apiKey: string },
  ): Promise<void>;
  /** Every batch created so far (tests). */
  batches(): ReadonlyArray<{ provider: FakeProvider; id: string; requests: number; status: string }>;
  clear(): void;
}

export function createBatchApi(deps: {
  options: () => BatchFakeOptions;
  generate: GenerateOne;
  baseUrl: () => string;
  now?: () => number;
}): BatchApi {
  const files = new Map<
    string,
    { id: string; filename: string; content: string; purpose: string; bytes: number; createdAt: number }
  >();
  const store = new Map<string, FakeBatch>();
  const now = () => (deps.now ?? Date.now)();

  /** Processes requests up to where the clock says, and ends the batch when it is time. */
  async function advance(b: FakeBatch): Promise<void> {
    if (b.endedAt !== null) return;
    const o = deps.options();
    const t = now();
    const elapsed = t - b.createdAt;
    const frozen = b.cancelledAt !== null;
    const completeAfter = o.completeAfterMs ?? 200;
    const target = frozen
      ? b.outcomes.length
      : completeAfter <= 0
        ? b.requests.length
        : Math.min(b.requests.length, Math.floor((b.requests.length * elapsed) / completeAfter));
    const expiresAt = o.expireAfterMs !== undefined ? b.createdAt + o.expireAfterMs : Infinity;
    const upTo =
      t >= expiresAt
        ? Math.min(target, Math.floor((b.requests.length * o.expireAfterMs!) / Math.max(1, completeAfter)))
        : target;
    while (b.outcomes.length < upTo) {
      const i = b.outcomes.length;
      const r = b.requests[i]!;
      const injected = o.errorFor?.(r.customId, i, r.body);
      if (injected) {
        b.outcomes.push({ kind: "error", status: 400, body: providerErrorBody(b.provider, 400, injected) });
        continue;
      }
      const answer = await deps.generate(
        b.provider,
        b.provider === "openai" ? "chat.completions" : "messages",
        r.body,
        b.apiKey,
      );
      b.outcomes.push(
        answer.status === 200
          ? { kind: "ok", status: 200, body: answer.body }
          : { kind: "error", status: answer.status, body: answer.body },
      );
    }
    const end = (reason: FakeBatch["endReason"], fill: "expired" | "canceled" | null) => {
      if (fill) while (b.outcomes.length < b.requests.length) b.outcomes.push({ kind: fill });
      b.endedAt = t;
      b.status = "ended";
      b.endReason = reason;
      if (b.provider === "openai") writeOpenAiFiles(b);
    };
    if (frozen && t >= b.cancelledAt! + (o.cancelAfterMs ?? 50)) end("cancelled", "canceled");
    else if (!frozen && b.outcomes.length >= b.requests.length) end("completed", null);
    else if (!frozen && t >= expiresAt) end("expired", "expired");
  }

  function writeOpenAiFiles(b: FakeBatch) {
    const { out, err } = openAiResultLines(b);
    const save = (lines: string[], name: string) => {
      if (lines.length === 0) return null;
      const content = `${lines.join("\n")}\n`;
      const fileId = id("file-");
      files.set(fileId, {
        id: fileId,
        filename: name,
        content,
        purpose: "batch_output",
        bytes: content.length,
        createdAt: now(),
      });
      return fileId;
    };
    b.outputFileId = save(out, `${b.id}_output.jsonl`);
    b.errorFileId = save(err, `${b.id}_error.jsonl`);
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "x-request-id": id("req_"), "request-id": id("req_") });
    res.end(JSON.stringify(body));
  };

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  let dropped = false;
  /** Once per `dropNextCreateAnswer` setting. */
  const dropAnswer = () => {
    if (!deps.options().dropNextCreateAnswer || dropped) return false;
    dropped = true;
    return true;
  };

  const owned = (b: FakeBatch | undefined, provider: FakeProvider, apiKey: string) =>
    b && b.provider === provider && b.apiKey === apiKey ? b : undefined;

  function notFound(res: ServerResponse, provider: FakeProvider, what: string) {
    json(res, 404, providerErrorBody(provider, 404, `No such ${what}`));
  }

  function newBatch(
    provider: FakeProvider,
    apiKey: string,
    requests: FakeBatch["requests"],
    extra: Partial<FakeBatch>,
  ): FakeBatch {
    const b: FakeBatch = {
      provider,
      id: provider === "openai" ? id("batch_") : id("msgbatch_"),
      apiKey,
      createdAt: now(),
      requests,
      outcomes: [],
      metadata: null,
      inputFileId: null,
      cancelledAt: null,
      endedAt: null,
      status: "in_progress",
      endReason: null,
      outputFileId: null,
      errorFileId: null,
      ...extra,
    };
    store.set(b.id, b);
    return b;
  }

  return {
    handles(provider, method, path) {
      if (provider === "openai")
        return (
          path === "/v1/files" ||
          path.startsWith("/v1/files/") ||
          path === "/v1/batches" ||
          path.startsWith("/v1/batches/")
        );
      return path === "/v1/messages/batches" || path.startsWith("/v1/messages/batches/");
    },
    async handle(req, res, { provider, method, path, apiKey }) {
      const raw = await readBody(req);
      const body = (): Json => (raw.length ? (JSON.parse(raw.toString("utf8")) as Json) : {});
      const parts = path.split("/").filter(Boolean); // v1, batches, {id}, cancel
      if (provider === "openai") {
        if (method === "POST" && path === "/v1/files") {
          const form = multipart(raw, req.headers["content-type"] ?? "");
          const file = form.get("file");
          if (form.get("purpose")?.text !== "batch" || !file)
            return json(res, 400, providerErrorBody(provider, 400, "'purpose' must be 'batch' and 'file' is required"));
          const fileId = id("file-");
          const entry = {
            id: fileId,
            filename: file.filename ?? "input.jsonl",
            content: file.text,
            purpose: "batch",
            bytes: Buffer.byteLength(file.text),
            createdAt: now(),
          };
          files.set(fileId, entry);
          return json(res, 200, {
            id: fileId,
            object: "file",
            bytes: entry.bytes,
            created_at: secs(entry.createdAt),
            filename: entry.filename,
            purpose: "batch",
            status: "processed",
            expires_at: null,
            status_details: null,
          });
        }
        if (method === "GET" && parts[1] === "files" && parts[3] === "content") {
          const file = files.get(parts[2]!);
          if (!file) return notFound(res, provider, "file");
          res.writeHead(200, { "content-type": "application/octet-stream" });
          return void res.end(file.content);
        }
        if (method === "POST" && path === "/v1/batches") {
          const input = body();
          const file = files.get(String(input.input_file_id));
          if (!file) return json(res, 400, providerErrorBody(provider, 400, "input_file_id: no such file"));
          if (input.endpoint !== "/v1/chat/completions" || input.completion_window !== "24h")
            return json(res, 400, providerErrorBody(provider, 400, "endpoint and completion_window are required"));
          const requests = file.content
            .split("\n")
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l) as { custom_id: string; method: string; url: string; body: Json })
            .map((l) => ({ customId: l.custom_id, body: l.body }));
          const b = newBatch(provider, apiKey, requests, {
            metadata: (input.metadata as Json) ?? null,
            inputFileId: file.id,
          });
          if (dropAnswer()) return void res.destroy();
          return json(res, 200, openAiBatchJson(b, now()));
        }
        if (method === "GET" && path === "/v1/batches") {
          const list = [...store.values()].filter((b) => owned(b, provider, apiKey)).reverse();
          for (const b of list) await advance(b);
          const data = list.map((b) => openAiBatchJson(b, now()));
          return json(res, 200, {
            object: "list",
            data,
            first_id: data[0]?.id ?? null,
            last_id: data.at(-1)?.id ?? null,
            has_more: false,
          });
        }
        const b = owned(store.get(parts[2] ?? ""), provider, apiKey);
        if (!b) return notFound(res, provider, "batch");
        if (method === "POST" && parts[3] === "cancel") {
          await advance(b);
          if (b.status === "ended")
            return json(
              res,
              409,
              providerErrorBody(provider, 409, `Cannot cancel a batch with status '${b.endReason}'.`),
            );
          b.cancelledAt ??= now();
          b.status = "cancelling";
          return json(res, 200, openAiBatchJson(b, now()));
        }
        await advance(b);
        return json(res, 200, openAiBatchJson(b, now()));
      }
      // Anthropic
      if (method === "POST" && path === "/v1/messages/batches") {
        const input = body();
        const requests = Array.isArray(input.requests)
          ? (input.requests as Array<{ custom_id: string; params: Json }>)
          : [];
        if (requests.length === 0)
          return json(res, 400, providerErrorBody(provider, 400, "requests: at least one request is required"));
        const b = newBatch(
          provider,
          apiKey,
          requests.map((r) => ({ customId: r.custom_id, body: r.params })),
          {},
        );
        if (dropAnswer()) return void res.destroy();
        return json(res, 200, anthropicBatchJson(b, deps.baseUrl()));
      }
      if (method === "GET" && path === "/v1/messages/batches") {
        const list = [...store.values()].filter((b) => owned(b, provider, apiKey)).reverse();
        for (const b of list) await advance(b);
        const data = list.map((b) => anthropicBatchJson(b, deps.baseUrl()));
        return json(res, 200, {
          data,
          has_more: false,
          first_id: data[0]?.id ?? null,
          last_id: data.at(-1)?.id ?? null,
        });
      }
      const b = owned(store.get(parts[3] ?? ""), provider, apiKey);
      if (!b) return notFound(res, provider, "message batch");
      await advance(b);
      if (method === "POST" && parts[4] === "cancel") {
        if (b.status !== "ended") {
          b.cancelledAt ??= now();
          b.status = "cancelling";
        }
        return json(res, 200, anthropicBatchJson(b, deps.baseUrl()));
      }
      if (method === "GET" && parts[4] === "results") {
        if (b.status !== "ended") return json(res, 400, providerErrorBody(provider, 400, "Batch is still processing"));
        res.writeHead(200, { "content-type": "application/binary" });
        return void res.end(anthropicResults(b));
      }
      return json(res, 200, anthropicBatchJson(b, deps.baseUrl()));
    },
    batches() {
      return [...store.values()].map((b) => ({
        provider: b.provider,
        id: b.id,
        requests: b.requests.length,
        status: b.status,
      }));
    },
    clear() {
      dropped = false;
      store.clear();
      files.clear();
    },
  };
}
