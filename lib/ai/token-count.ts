/**
 * Token counts of the requests the app sends (estimates before a run; no provider is called).
 * OpenAI models are counted with OpenAI's own BPE (o200k_base, the encoding of gpt-4o, gpt-4.1,
 * gpt-5 and the o-series). Claude's tokenizer is not public, so Claude requests are an
 * approximation calibrated on o200k (see CLAUDE_TOKENS_PER_O200K_TOKEN).
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { Provider, UseCase } from "./providers";
import {
  isStrictCompatible,
  RESEARCH_INSTRUCTIONS,
  schemaInstructions,
  SYSTEM_PROMPT,
  type JsonSchema,
} from "./structured-output";

/** User text is counted as plain text: "<|endoftext|>" in a CSV cell is not a special token. */
const PLAIN = { disallowedSpecial: new Set<string>() };

/** o200k_base tokens of a text. */
export function textTokens(text: string): number {
  return text ? countTokens(text, PLAIN) : 0;
}

/**
 * Claude tokens per o200k token: an assumption, not a measurement made here. Claude's tokenizer is
 * generally reported to split English prose and JSON into roughly 15–25 % more tokens than o200k;
 * 1.2 is the middle of that band. Recalibrate it against Anthropic's count_tokens endpoint (or the
 * usage ledger's real input tokens) when that data is at hand.
 */
export const CLAUDE_TOKENS_PER_O200K_TOKEN = 1.2;

/**
 * Anthropic's fixed tool-use system prompt, in Claude tokens, when `tool_choice` is `tool` or
 * `any` (Anthropic's tool-use pricing table lists 313 for the Claude 4 family; 346 with `auto`).
 */
export const ANTHROPIC_TOOL_SYSTEM_TOKENS = 313;

/** OpenAI chat framing: 3 tokens per message plus its role, and 3 that prime the reply (OpenAI cookbook). */
const OPENAI_MESSAGE_TOKENS = 4;
const OPENAI_REPLY_PRIMING_TOKENS = 3;
/** Framing of a structured-output schema in the request (its name and the wrapper the API adds). */
const SCHEMA_FRAMING_TOKENS = 8;

/**
 * Web research adds what the search tool returns to the model's input, which cannot be known
 * before the run: an allowance per row for the search results (3 searches of short snippets).
 */
export const WEB_RESEARCH_INPUT_ALLOWANCE = 3_000;

export interface RequestShape {
  provider: Provider;
  useCase: UseCase;
  schema: JsonSchema;
}

/**
 * Input tokens of one request, without the user prompt: system prompt, schema instructions or
 * tool definition, message framing, and (web research) the search allowance. Mirrors the request
 * builders of openai-generate.ts and anthropic-generate.ts.
 */
export function fixedInputTokens({ provider, useCase, schema }: RequestShape): number {
  const research = useCase === "web_research";
  if (provider === "OpenAI") {
    const strict = isStrictCompatible(schema);
    let system = strict ? SYSTEM_PROMPT : `${SYSTEM_PROMPT}\n${schemaInstructions(schema)}`;
    if (research) system = `${system}\n${RESEARCH_INSTRUCTIONS}`;
    const schemaTokens = strict ? textTokens(JSON.stringify(schema)) + SCHEMA_FRAMING_TOKENS : 0;
    const framing = 2 * OPENAI_MESSAGE_TOKENS + OPENAI_REPLY_PRIMING_TOKENS;
    return textTokens(system) + schemaTokens + framing + (research ? WEB_RESEARCH_INPUT_ALLOWANCE : 0);
  }
  const system = research ? `${SYSTEM_PROMPT}\n${RESEARCH_INSTRUCTIONS}` : SYSTEM_PROMPT;
  const tool = JSON.stringify({
    name: "write_email",
    description: "Write the email. Call this exactly once with the finished email.",
    input_schema: schema,
  });
  const text = textTokens(system) + textTokens(tool) + OPENAI_MESSAGE_TOKENS;
  return (
    Math.round(text * CLAUDE_TOKENS_PER_O200K_TOKEN) +
    ANTHROPIC_TOOL_SYSTEM_TOKENS +
    (research ? WEB_RESEARCH_INPUT_ALLOWANCE : 0)
  );
}

/** Tokens of one rendered user prompt, in the provider's tokens. */
export function promptTokens(provider: Provider, prompt: string): number {
  const tokens = textTokens(prompt);
  return provider === "OpenAI" ? tokens : Math.round(tokens * CLAUDE_TOKENS_PER_O200K_TOKEN);
}

/**
 * Output tokens one row is expected to produce when no past rows of the template are known, from
 * the schema's fields: `subject_line` ≈ 20 tokens, `email_body` ≈ 180 (a 120–150 word e-mail), any
 * other string ≈ 80 (a follow-up or a short note), numbers and booleans ≈ 3, arrays ≈ 60, nested
 * objects by their own fields; plus the JSON around each field (its key and punctuation).
 */
export function schemaOutputTokens(schema: JsonSchema): number {
  const props = schema.properties && typeof schema.properties === "object" ? schema.properties : null;
  if (!props) return 200;
  let total = 2;
  for (const [key, value] of Object.entries(props as Record<string, unknown>)) {
    total += textTokens(key) + 3 + fieldTokens(key, (value ?? {}) as JsonSchema);
  }
  return total;
}

function fieldTokens(key: string, field: JsonSchema): number {
  const type = Array.isArray(field.type) ? field.type.find((t) => t !== "null") : field.type;
  if (type === "object" || field.properties) return schemaOutputTokens(field);
  if (type === "array") return 60;
  if (type === "number" || type === "integer" || type === "boolean") return 3;
  if (key === "subject_line" || /subject/i.test(key)) return 20;
  if (key === "email_body" || key === "content" || /body/i.test(key)) return 180;
  return 80;
}
