import type { Provider, UseCase } from "./providers";
import type { JsonSchema } from "./structured-output";

export interface GenerationRequest {
  provider: Provider;
  apiKey: string;
  model: string;
  prompt: string;
  schema: JsonSchema;
  useCase: UseCase;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface RateLimitInfo {
  /** Requests left in the provider's current window, when the provider says. */
  remaining?: number;
  /** Milliseconds until the window resets. */
  resetMs?: number;
}

export interface GenerationOutput {
  /** The parsed JSON object, or null when the model's answer was not a JSON object. */
  output: Record<string, unknown> | null;
  rawText: string;
  rateLimit: RateLimitInfo;
}
