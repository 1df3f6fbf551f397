import "server-only";
import { generateWithAnthropic } from "./anthropic-generate";
import type { GenerationOutput, GenerationRequest } from "./generation-types";
import { generateWithOpenAI } from "./openai-generate";

/** One structured generation with the user's key, through the provider's official SDK. */
export function generateStructured(req: GenerationRequest): Promise<GenerationOutput> {
  return req.provider === "OpenAI" ? generateWithOpenAI(req) : generateWithAnthropic(req);
}
