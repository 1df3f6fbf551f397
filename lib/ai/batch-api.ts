import "server-only";
import type { Provider } from "./providers";
import { anthropicClient, openaiClient } from "./clients";
import { ANTHROPIC_TOOL } from "./chat-request";
import { classifyProviderError } from "./errors";
import { usageFromAnthropic, usageFromOpenAIChat } from "./provider-usage";
import { extractJsonObject } from "./structured-output";
import type { TokenUsage } from "./usage";

/**
 * The providers' batch APIs through their official SDKs (OPENAI_BASE_URL / ANTHROPIC_BASE_URL honoured):
 * OpenAI Files + Batches (`POST /v1/files` purpose batch, `POST /v1/batches`, `GET /v1/batches/{id}`,
 * `POST /v1/batches/{id}/cancel`, `GET /v1/files/{id}/content`), Anthropic Message Batches
 * (`POST /v1/messages/batches`, `GET /v1/messages/batches/{id}`, `…/cancel`, the batch's `results_url`).
 * Calls that create something never retry inside the SDK: a retry after a lost answer could submit twice
 * (the caller recovers instead, see submit-provider-batch.ts).
 */

/** A provider batch as polled. */
export interface ProviderBatchView {
  id: string;
  /** The provider's status verbatim. */
  status: string;
  /** Processing is over: results (and errors) can be read. */
  ended: boolean;
  /** Requests whose result or error came back so far (cancelled and expired ones not counted). */
  returned: number;
  outputFileId?: string | null;
  errorFileId?: string | null;
}

/** One request's outcome, as a result file reports it. */
export type BatchResultLine =
  | { customId: string; type: "succeeded"; output: Record<string, unknown> | null; usage: TokenUsage | null }
  | { customId: string; type: "errored"; error: string; usage: TokenUsage | null }
  | { customId: string; type: "expired" }
  | { customId: string; type: "canceled" };

const OPENAI_ENDED = new Set(["completed", "expired", "cancelled", "failed"]);
const POLL_TIMEOUT_MS = 60_000;
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

type OpenAIBatch = {
  id: string;
  status: string;
  request_counts?: { total?: number; completed?: number; failed?: number } | null;
  output_file_id?: string | null;
  error_file_id?: string | null;
  metadata?: Record<string, string> | null;
};
type AnthropicBatch = {
  id: string;
  processing_status: string;
  created_at: string;
  request_counts: { processing: number; succeeded: number; errored: number; canceled: number; expired: number };
};

function viewOfOpenAI(b: OpenAIBatch): ProviderBatchView {
  const counts = b.request_counts ?? {};
  return {
    id: b.id,
    status: b.status,
    ended: OPENAI_ENDED.has(b.status),
    returned: (counts.completed ?? 0) + (counts.failed ?? 0),
    outputFileId: b.output_file_id ?? null,
    errorFileId: b.error_file_id ?? null,
  };
}

function viewOfAnthropic(b: AnthropicBatch): ProviderBatchView {
  return {
    id: b.id,
    status: b.processing_status,
    ended: b.processing_status === "ended",
    returned: b.request_counts.succeeded + b.request_counts.errored,
  };
}

async function call<T>(provider: Provider, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw classifyProviderError(error, provider);
  }
}

/** OpenAI step 1: uploads the JSONL input file (`purpose: batch`); answers the file id. */
export async function openAiUploadBatchFile(apiKey: string, fileName: string, jsonl: string): Promise<string> {
  const client = await openaiClient(apiKey, { timeoutMs: UPLOAD_TIMEOUT_MS, maxRetries: 0 });
  const { toFile } = await import("openai");
  const file = await call("OpenAI", async () =>
    client.files.create({ file: await toFile(Buffer.from(jsonl, "utf8"), fileName), purpose: "batch" }),
  );
  return file.id;
}

/** OpenAI step 2: the batch over an uploaded file, tagged with our idempotency key. */
export async function openAiCreateBatch(apiKey: string, inputFileId: string, key: string): Promise<ProviderBatchView> {
  const client = await openaiClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 0 });
  const batch = await call("OpenAI", () =>
    client.batches.create({
      input_file_id: inputFileId,
      endpoint: "/v1/chat/completions",
      completion_window: "24h",
      metadata: { coldmail_key: key },
    }),
  );
  return viewOfOpenAI(batch as OpenAIBatch);
}

/** Anthropic: one call with every request (`{ custom_id, params }`). */
export async function anthropicCreateBatch(
  apiKey: string,
  requests: Array<{ custom_id: string; params: unknown }>,
): Promise<ProviderBatchView> {
  const client = await anthropicClient(apiKey, { timeoutMs: UPLOAD_TIMEOUT_MS, maxRetries: 0 });
  const batch = await call("Anthropic", () =>
    client.messages.batches.create({ requests } as Parameters<typeof client.messages.batches.create>[0]),
  );
  return viewOfAnthropic(batch as AnthropicBatch);
}

export async function retrieveProviderBatch(
  provider: Provider,
  apiKey: string,
  id: string,
): Promise<ProviderBatchView> {
  if (provider === "OpenAI") {
    const client = await openaiClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
    return viewOfOpenAI((await call(provider, () => client.batches.retrieve(id))) as OpenAIBatch);
  }
  const client = await anthropicClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
  return viewOfAnthropic((await call(provider, () => client.messages.batches.retrieve(id))) as AnthropicBatch);
}

export async function cancelProviderBatch(provider: Provider, apiKey: string, id: string): Promise<ProviderBatchView> {
  if (provider === "OpenAI") {
    const client = await openaiClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
    return viewOfOpenAI((await call(provider, () => client.batches.cancel(id))) as OpenAIBatch);
  }
  const client = await anthropicClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
  return viewOfAnthropic((await call(provider, () => client.messages.batches.cancel(id))) as AnthropicBatch);
}

/**
 * After a crash between the provider's answer and our record of it: the provider batch created for `key`,
 * if any. OpenAI: the batch whose metadata carries the key. Anthropic (no metadata): the oldest batch
 * created since the attempt began with exactly `requestCount` requests that we have not recorded yet.
 */
export async function findSubmittedBatch(
  provider: Provider,
  apiKey: string,
  match: { key: string; since: Date; requestCount: number; known: Set<string> },
): Promise<ProviderBatchView | null> {
  if (provider === "OpenAI") {
    const client = await openaiClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
    const page = await call(provider, () => client.batches.list({ limit: 100 }));
    const found = (page.data as OpenAIBatch[]).find((b) => b.metadata?.coldmail_key === match.key);
    return found ? viewOfOpenAI(found) : null;
  }
  const client = await anthropicClient(apiKey, { timeoutMs: POLL_TIMEOUT_MS, maxRetries: 2 });
  const page = await call(provider, () => client.messages.batches.list({ limit: 100 }));
  const since = match.since.getTime() - 60_000;
  const candidates = (page.data as AnthropicBatch[])
    .filter((b) => !match.known.has(b.id) && new Date(b.created_at).getTime() >= since)
    .filter((b) => Object.values(b.request_counts).reduce((a, n) => a + n, 0) === match.requestCount)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return candidates[0] ? viewOfAnthropic(candidates[0]) : null;
}

function openAiLine(raw: Record<string, unknown>): BatchResultLine | null {
  const customId = typeof raw.custom_id === "string" ? raw.custom_id : null;
  if (!customId) return null;
  const error = raw.error as { code?: string; message?: string } | null | undefined;
  if (error) {
    if (error.code === "batch_expired") return { customId, type: "expired" };
    if (error.code === "batch_cancelled") return { customId, type: "canceled" };
    return { customId, type: "errored", error: error.message ?? error.code ?? "The request failed", usage: null };
  }
  const response = raw.response as { status_code?: number; body?: Record<string, unknown> } | null | undefined;
  const body = response?.body ?? {};
  if (response?.status_code !== 200) {
    const message = (body.error as { message?: string } | undefined)?.message;
    return {
      customId,
      type: "errored",
      error: message ?? `The request failed (${response?.status_code})`,
      usage: null,
    };
  }
  const choices = body.choices as Array<{ message?: { content?: string | null } }> | undefined;
  const text = choices?.[0]?.message?.content ?? "";
  return { customId, type: "succeeded", output: extractJsonObject(text), usage: usageFromOpenAIChat(body.usage) };
}

function anthropicLine(raw: Record<string, unknown>): BatchResultLine | null {
  const customId = typeof raw.custom_id === "string" ? raw.custom_id : null;
  const result = raw.result as Record<string, unknown> | undefined;
  if (!customId || !result) return null;
  if (result.type === "expired") return { customId, type: "expired" };
  if (result.type === "canceled") return { customId, type: "canceled" };
  if (result.type === "errored") {
    const error = result.error as { error?: { message?: string; type?: string } } | undefined;
    return { customId, type: "errored", error: error?.error?.message ?? "The request failed", usage: null };
  }
  const message = result.message as { content?: Array<Record<string, unknown>>; usage?: unknown } | undefined;
  const tool = message?.content?.find((b) => b.type === "tool_use" && b.name === ANTHROPIC_TOOL);
  const input = tool?.input && typeof tool.input === "object" ? (tool.input as Record<string, unknown>) : null;
  return { customId, type: "succeeded", output: input, usage: usageFromAnthropic(message?.usage) };
}

function parseJsonl(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a damaged line: its request is treated as not returned
    }
  }
  return lines;
}

/** Every result line of an ended provider batch (OpenAI: output file, then error file). */
export async function providerBatchResults(
  provider: Provider,
  apiKey: string,
  view: ProviderBatchView,
): Promise<BatchResultLine[]> {
  const out: BatchResultLine[] = [];
  if (provider === "OpenAI") {
    const client = await openaiClient(apiKey, { timeoutMs: UPLOAD_TIMEOUT_MS, maxRetries: 2 });
    for (const fileId of [view.outputFileId, view.errorFileId]) {
      if (!fileId) continue;
      const text = await call(provider, async () => (await client.files.content(fileId)).text());
      for (const raw of parseJsonl(text)) {
        const line = openAiLine(raw);
        if (line) out.push(line);
      }
    }
    return out;
  }
  const client = await anthropicClient(apiKey, { timeoutMs: UPLOAD_TIMEOUT_MS, maxRetries: 2 });
  await call(provider, async () => {
    for await (const raw of await client.messages.batches.results(view.id)) {
      const line = anthropicLine(raw as unknown as Record<string, unknown>);
      if (line) out.push(line);
    }
  });
  return out;
}
