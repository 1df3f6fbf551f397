import { modelQuirks } from "./models";

/** Sampling temperature of a generation, sent only to models that accept a non-default one. */
const GENERATION_TEMPERATURE = 0.7;
/** Output cap: reasoning models count their reasoning in it, so they get more room. */
const MAX_OUTPUT_TOKENS = 4096;
const MAX_COMPLETION_TOKENS = 16_000;
/** Anthropic's max_tokens when none is given. */
export const ANTHROPIC_MAX_TOKENS = 2048;

/**
 * Chat Completions parameters that depend on the model (temperature, output-cap field name). `maxOutputTokens`
 * (the bulk worker's cap: twice the schema's expected output) replaces the blanket cap of non-reasoning models;
 * reasoning models keep theirs, since their hidden reasoning counts against it.
 */
export function openAiChatParams(
  model: string,
  maxOutputTokens?: number,
): {
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
} {
  const quirks = modelQuirks(model);
  return {
    ...(quirks.fixedTemperature ? {} : { temperature: GENERATION_TEMPERATURE }),
    ...(quirks.maxCompletionTokens
      ? { max_completion_tokens: MAX_COMPLETION_TOKENS }
      : { max_tokens: maxOutputTokens ?? MAX_OUTPUT_TOKENS }),
  };
}

/** Responses API / Messages API temperature: omitted for models that refuse a non-default one. */
export function temperatureParam(model: string): { temperature?: number } {
  return modelQuirks(model).fixedTemperature ? {} : { temperature: GENERATION_TEMPERATURE };
}

/** The output cap a generation request sends: what the provider counts against tokens per minute at admission. */
export function outputCapOf(provider: "OpenAI" | "Anthropic", model: string, maxOutputTokens?: number): number {
  if (provider === "Anthropic") return maxOutputTokens ?? ANTHROPIC_MAX_TOKENS;
  return modelQuirks(model).maxCompletionTokens ? MAX_COMPLETION_TOKENS : (maxOutputTokens ?? MAX_OUTPUT_TOKENS);
}
