import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { GenerationRequest } from "./generation-types";
import { ANTHROPIC_MAX_TOKENS, openAiChatParams, temperatureParam } from "./request-quirks";
import { isStrictCompatible, schemaInstructions, SYSTEM_PROMPT } from "./structured-output";

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

export function anthropicWriteTool(schema: GenerationRequest["schema"]): Anthropic.Tool {
  return {
    name: ANTHROPIC_TOOL,
    description: "Write the email. Call this exactly once with the finished email.",
    input_schema: schema as Anthropic.Tool.InputSchema,
  };
}

/** Anthropic Messages: the forced tool `write_email` whose input_schema is the user's schema. */
export function anthropicContentParams(req: ChatInput): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: req.model,
    max_tokens: req.maxOutputTokens ?? ANTHROPIC_MAX_TOKENS,
    ...temperatureParam(req.model),
    system: SYSTEM_PROMPT,
    messages: [{ role: "user", content: req.prompt }],
    tools: [anthropicWriteTool(req.schema)],
    tool_choice: { type: "tool", name: ANTHROPIC_TOOL },
  };
}
