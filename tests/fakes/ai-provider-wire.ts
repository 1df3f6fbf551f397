/**
 * Wire formats of the fake AI provider (see ai-provider.ts): request parsing, answers, errors.
 * Web search answers (results and citations; none for a prompt containing "[[no-sources]]"): ai-provider-research.ts.
 */
import { randomBytes } from "node:crypto";
import { anthropicResearchContent, openAIOutput, webSearchUsage } from "./ai-provider-research";
import { o200kTokens } from "./ai-provider-tokens";
import type { FakeEndpoint, FakeProvider, Json } from "./ai-provider-types";

/** The shared names, for the importers of the wire formats (and of ai-provider.ts, which re-exports this module). */
export type { FakeEndpoint, FakeProvider, Json };

export interface RespondArgs {
  provider: FakeProvider;
  endpoint: FakeEndpoint;
  model: string;
  /** Text of the user turns (joined by blank lines). */
  prompt: string;
  /** Text of the system prompt / instructions, if any. */
  system: string;
  /** The JSON schema the request asked for (response_format, text.format or the forced tool's input_schema). */
  schema: Json | null;
  body: Json;
}

/** Structured output (an object, sent as JSON text or as tool input) or raw text. */
export type RespondResult = Json | string;

export const DEFAULT_OPENAI_MODELS = [
  "gpt-6.1-sol",
  "gpt-6.1-terra",
  "gpt-6-luna",
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-5",
  "gpt-5-mini",
  "gpt-4o-2024-08-06",
  "text-embedding-3-small",
  "whisper-1",
  "dall-e-3",
];
export const DEFAULT_ANTHROPIC_MODELS = [
  "claude-sonnet-5-5",
  "claude-opus-5-5",
  "claude-haiku-5-5",
  "claude-sonnet-5",
  "claude-sonnet-4-5-20250929",
  "claude-opus-4-1-20250805",
  "claude-haiku-4-5-20251001",
  "claude-sonnet-4-20250514",
  "claude-3-haiku-20240307",
];

/**
 * The providers' refusal of a sampling / output-cap parameter the model does not take, as their APIs
 * answer it (400): OpenAI reasoning models (gpt-5 and later, o-series) take only the default temperature and
 * `max_completion_tokens`; Claude Sonnet 5 and later refuse a non-default temperature.
 */
export function unsupportedParameter(provider: FakeProvider, model: string, body: Json): string | null {
  const temperature = body.temperature;
  if (provider === "openai" && /^(gpt-([5-9]|\d{2,})|o\d)/.test(model)) {
    if (body.max_tokens !== undefined)
      return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    if (temperature !== undefined && temperature !== 1)
      return `Unsupported value: 'temperature' does not support ${String(temperature)} with this model. Only the default (1) value is supported.`;
  }
  if (provider === "anthropic" && /^claude-(sonnet|haiku|opus)-([5-9]|\d{2,})/.test(model) && temperature !== undefined)
    return "temperature: setting a sampling parameter to a non-default value is not supported for this model";
  return null;
}

/** The providers accept an alias of a listed dated id and vice versa (`claude-x` ↔ `claude-x-20250929`). */
export function listedOrAlias(listed: readonly string[], model: string): boolean {
  const dated = /^-(\d{8}|\d{4}-\d{2}-\d{2})$/;
  return listed.some(
    (m) =>
      m === model ||
      (m.startsWith(model) && dated.test(m.slice(model.length))) ||
      (model.startsWith(m) && dated.test(model.slice(m.length))),
  );
}

export const defaultIsValidKey = (provider: FakeProvider, key: string) =>
  provider === "openai" ? key.startsWith("sk-valid") : key.startsWith("sk-ant-valid");

export const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Fills the requested schema (subject_line / email_body get text derived from the prompt). */
export function defaultRespond({ prompt, schema }: Pick<RespondArgs, "prompt" | "schema">): Json {
  const text = collapse(prompt) || "Hello";
  const subject = `Re: ${text.slice(0, 60)}`;
  const emailBody = `Hi,\n\n${text}\n\nBest regards`;
  const props =
    schema && typeof schema.properties === "object" && schema.properties
      ? (schema.properties as Record<string, Json>)
      : null;
  if (!props) return { subject_line: subject, email_body: emailBody };
  const out: Json = {};
  for (const [key, prop] of Object.entries(props)) {
    if (key === "subject_line") out[key] = subject;
    else if (key === "email_body") out[key] = emailBody;
    else if (prop?.type === "number" || prop?.type === "integer") out[key] = 1;
    else if (prop?.type === "boolean") out[key] = true;
    else if (prop?.type === "array") out[key] = [];
    else if (prop?.type === "object") out[key] = {};
    else out[key] = `${key}: ${text.slice(0, 200)}`;
  }
  return out;
}

export const id = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;
/** About 4 characters per token, as for English text with both providers' tokenizers. */
export const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/** Input tokens of a generation request: system prompt, user turns and the schema (tool / format) it sends. */
export function requestTokens(system: string, prompt: string, schema: Json | null): number {
  return tokens(system) + tokens(prompt) + (schema ? tokens(JSON.stringify(schema)) : 0);
}

/** Input tokens of an answer: all of them, and the part read from the prompt cache. */
export interface InputTokens {
  input: number;
  cached: number;
}

/** Text of a message content (string, or a list of text parts). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p: Json) => (typeof p?.text === "string" ? p.text : typeof p?.content === "string" ? p.content : ""))
    .filter(Boolean)
    .join("\n");
}

export function extractPrompt(
  endpoint: FakeEndpoint,
  body: Json,
): { prompt: string; system: string; schema: Json | null } {
  const user: string[] = [];
  const system: string[] = [];
  let schema: Json | null = null;
  const turns = (list: unknown) => {
    if (typeof list === "string") return void user.push(list);
    if (!Array.isArray(list)) return;
    for (const m of list as Json[]) {
      const text = contentText(m?.content);
      if (m?.role === "system" || m?.role === "developer") system.push(text);
      else if (m?.role === "user" || m?.role === undefined) user.push(text);
    }
  };
  if (endpoint === "chat.completions") {
    turns(body.messages);
    const rf = body.response_format as Json | undefined;
    const js = rf?.json_schema as Json | undefined;
    if (js?.schema) schema = js.schema as Json;
    const forced = (body.tool_choice as Json | undefined)?.function as Json | undefined;
    const tool = (body.tools as Json[] | undefined)?.find((t) => (t.function as Json)?.name === forced?.name);
    if (tool) schema = ((tool.function as Json).parameters as Json) ?? null;
  } else if (endpoint === "responses") {
    if (typeof body.instructions === "string") system.push(body.instructions);
    turns(body.input);
    const format = (body.text as Json | undefined)?.format as Json | undefined;
    if (format?.schema) schema = format.schema as Json;
  } else if (endpoint === "messages") {
    const s = body.system;
    if (s) system.push(contentText(s));
    turns(body.messages);
    const forced = body.tool_choice as Json | undefined;
    const tool = (body.tools as Json[] | undefined)?.find((t) => t.name === forced?.name);
    if (tool) schema = (tool.input_schema as Json) ?? null;
    const fmt = body.output_format as Json | undefined;
    if (!tool && fmt?.schema) schema = fmt.schema as Json;
  }
  return { prompt: user.join("\n\n"), system: system.join("\n\n"), schema };
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};
const OPENAI_ERROR_TYPES: Record<number, [string, string | null]> = {
  400: ["invalid_request_error", null],
  401: ["invalid_request_error", "invalid_api_key"],
  403: ["invalid_request_error", "unsupported_country_region_territory"],
  404: ["invalid_request_error", "model_not_found"],
  429: ["requests", "rate_limit_exceeded"],
};

/** Each provider's error JSON for a status. */
export function providerErrorBody(provider: FakeProvider, status: number, message: string, code?: string | null): Json {
  if (provider === "anthropic") {
    const type = ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
    return { type: "error", error: { type, message }, request_id: id("req_") };
  }
  const [type, defaultCode] = OPENAI_ERROR_TYPES[status] ?? [
    status >= 500 ? "server_error" : "invalid_request_error",
    null,
  ];
  return { error: { message, type, param: null, code: code === undefined ? defaultCode : code } };
}

export function maskKey(key: string): string {
  return key.length > 10 ? `${key.slice(0, 6)}***${key.slice(-4)}` : "***";
}

/** A successful generation in the endpoint's wire format. */
export function generationAnswer(
  provider: FakeProvider,
  endpoint: FakeEndpoint,
  model: string,
  body: Json,
  output: RespondResult,
  prompt: string,
  input: InputTokens = { input: tokens(prompt), cached: 0 },
): Json {
  const created = Math.floor(Date.now() / 1000);
  const isText = typeof output === "string";
  const text = isText ? output : JSON.stringify(output);
  const inTok = input.input;
  const cached = Math.min(input.cached, inTok);
  const outTok = o200kTokens(text) || 1;
  if (endpoint === "chat.completions") {
    const forced = ((body.tool_choice as Json | undefined)?.function as Json | undefined)?.name as string | undefined;
    const toolCall = forced && !isText;
    const message = toolCall
      ? {
          role: "assistant",
          content: null,
          refusal: null,
          annotations: [],
          tool_calls: [{ id: id("call_"), type: "function", function: { name: forced, arguments: text } }],
        }
      : { role: "assistant", content: text, refusal: null, annotations: [] };
    return {
      id: id("chatcmpl-"),
      object: "chat.completion",
      created,
      model,
      system_fingerprint: "fp_fake",
      choices: [{ index: 0, message, logprobs: null, finish_reason: toolCall ? "tool_calls" : "stop" }],
      usage: {
        prompt_tokens: inTok,
        completion_tokens: outTok,
        total_tokens: inTok + outTok,
        prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
    };
  }
  if (endpoint === "responses") {
    return {
      id: id("resp_"),
      object: "response",
      created_at: created,
      status: "completed",
      model,
      error: null,
      incomplete_details: null,
      instructions: body.instructions ?? null,
      metadata: {},
      output: openAIOutput(body, text, prompt),
      output_text: text,
      parallel_tool_calls: true,
      temperature: 1,
      top_p: 1,
      tool_choice: "auto",
      tools: [],
      text: body.text ?? { format: { type: "text" } },
      usage: {
        input_tokens: inTok,
        input_tokens_details: { cached_tokens: cached },
        output_tokens: outTok,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: inTok + outTok,
      },
    };
  }
  const forced = body.tool_choice as Json | undefined;
  const toolName = forced?.type === "tool" && typeof forced.name === "string" ? forced.name : null;
  const toolUse = toolName && !isText;
  return {
    id: id("msg_"),
    type: "message",
    role: "assistant",
    model,
    content:
      anthropicResearchContent(body, text, prompt) ??
      (toolUse ? [{ type: "tool_use", id: id("toolu_"), name: toolName, input: output }] : [{ type: "text", text }]),
    stop_reason: toolUse ? "tool_use" : "end_turn",
    stop_sequence: null,
    // Anthropic's input_tokens leaves out the tokens read from (or written to) the cache.
    usage: {
      input_tokens: inTok - cached,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: cached,
      output_tokens: outTok,
      service_tier: "standard",
      ...webSearchUsage(body),
    },
  };
}
