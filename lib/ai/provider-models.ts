import "server-only";
import type { Provider } from "@/lib/db/schema/ai";
import { anthropicClient, openaiClient } from "./clients";
import { classifyProviderError } from "./errors";
import type { KeyCheckJson } from "@/lib/responses/ai";

/** The model ids a key can use, from the provider's list-models endpoint. */
export async function listProviderModels(provider: Provider, apiKey: string): Promise<string[]> {
  const ids: string[] = [];
  try {
    if (provider === "OpenAI") {
      for await (const model of (await openaiClient(apiKey, { timeoutMs: 15_000 })).models.list()) ids.push(model.id);
    } else {
      for await (const model of (await anthropicClient(apiKey, { timeoutMs: 15_000 })).models.list({ limit: 1000 }))
        ids.push(model.id);
    }
  } catch (error) {
    throw classifyProviderError(error, provider);
  }
  return ids;
}

/** Checks a key against the provider; an invalid key is reported as such. */
export async function checkProviderKey(provider: Provider, apiKey: string): Promise<KeyCheckJson> {
  try {
    const models = await listProviderModels(provider, apiKey);
    return {
      valid: true,
      msg: `The ${provider} API key works (${models.length} models available).`,
      modelCount: models.length,
    };
  } catch (error) {
    const classified = classifyProviderError(error, provider);
    return { valid: false, reason: classified.kind, msg: classified.message };
  }
}
