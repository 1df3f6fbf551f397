import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { GenerationRequest } from "./generation-types";
import { ANTHROPIC_MAX_TOKENS, openAiChatParams, temperatureParam } from "./request-quirks";
import { isStrictCompatible, schemaInstructions, SYSTEM_PROMPT } from "./structured-output";
import { splitStaticPrefix } from "./examples";

/**
 * The request bodies of a content-creation generation, shared by the standard run (one call each)
 * and batch mode (the same bodies inside a provider batch): same system prompt, same structured output.
 */
type ChatInput = Pick<GenerationRequest, "model" | "prompt" | "schema" | "maxOutputTokens">;

/** OpenAI's system instructions: the schema spelled out when strict mode cannot take it. */
export function openAiInstructions(schema: GenerationRequest["schema"]): string {
  return isStrictCompatible(schema) ? SYSTEM_PROMPT : `${SYSTEM_PROMPT}\n${schemaInstructions(schema)}`;
}

/** OpenAI Chat Completions: JSON-schema response format (strict when the schema allows it, else JSON mode). */
export function openAiChatBody(req: ChatInput): OpenAI.ChatCompletionCreateParamsNonStreaming {
  const strict = isStrictCompatible(req.schema);
  return {
    model: req.model,
    ...openAiChatParams(req.model, req.maxOutputTokens),
    messages: [
      { role: "system", content: openAiInstructions(req.schema) },
      { role: "user", content: req.prompt },
    ],
    response_format: strict
      ? { type: "json_schema", json_schema: { name: "email", schema: req.schema, strict: true } }
      : { type: "json_object" },
  };
}

export const ANTHROPIC_TOOL = "write_email";

const EPHEMERAL = { type: "ephemeral" } as const;

/**
 * Prompt caching (Anthropic caches only up to a `cache_control` breakpoint, in the order tools →
 * system → messages): the breakpoint goes on the last block that is the same for every row — the
 * examples block of the user turn when the run has examples, else the system prompt. A prefix
 * shorter than the model's minimum (1,024 tokens; 2,048 for Haiku) is simply not cached: marking
 * it costs nothing.
 */
export function anthropicCachedTurn(
  system: string,
  prompt: string,
): { system: Anthropic.TextBlockParam[]; content: string | Anthropic.TextBlockParam[] } {
  const split = splitStaticPrefix(prompt);
  if (!split) return { system: [{ type: "text", text: system, cache_control: EPHEMERAL }], content: prompt };
  return {
    system: [{ type: "text", text: system }],
    content: [
      { type: "text", text: split.prefix, cache_control: EPHEMERAL },
      { type: "text", text: split.rest },
    ],
  };
}

export function anthropicWriteTool(schema: GenerationRequest["schema"]): Anthropic.Tool {
  return {
    name: ANTHROPIC_TOOL,
    description: "Write the email. Call this exactly once with the finished email.",
    input_schema: schema as Anthropic.Tool.InputSchema,
  };
}

/** Anthropic Messages: the forced tool `write_email` whose input_schema is the user's schema. */
export function anthropicContentParams(req: ChatInput): Anthropic.MessageCreateParamsNonStreaming {
  const turn = anthropicCachedTurn(SYSTEM_PROMPT, req.prompt);
  return {
    model: req.model,
    max_tokens: req.maxOutputTokens ?? ANTHROPIC_MAX_TOKENS,
    ...temperatureParam(req.model),
    system: turn.system,
    messages: [{ role: "user", content: turn.content }],
    tools: [anthropicWriteTool(req.schema)],
    tool_choice: { type: "tool", name: ANTHROPIC_TOOL },
  };
}
