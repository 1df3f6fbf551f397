import type { Provider } from "@/lib/ai/providers";

export interface ModelInfo {
  id: string;
  provider: Provider;
  label: string;
  /** ISO date the provider retired the model: shown, not selectable for new runs. */
  retiredOn?: string;
}

/** The product's model catalogue: the spec's models and current ones. */
export const MODEL_CATALOGUE: readonly ModelInfo[] = [
  { id: "claude-sonnet-4-5-20250929", provider: "Anthropic", label: "Claude Sonnet 4.5" },
  { id: "claude-opus-4-1-20250805", provider: "Anthropic", label: "Claude Opus 4.1" },
  { id: "claude-haiku-4-5-20251001", provider: "Anthropic", label: "Claude Haiku 4.5" },
  { id: "claude-sonnet-4-20250514", provider: "Anthropic", label: "Claude Sonnet 4" },
  { id: "claude-3-haiku-20240307", provider: "Anthropic", label: "Claude 3 Haiku" },
  { id: "claude-3-opus-20240229", provider: "Anthropic", label: "Claude 3 Opus", retiredOn: "2026-01-05" },
  { id: "gpt-4o", provider: "OpenAI", label: "GPT-4o" },
  { id: "gpt-4o-mini", provider: "OpenAI", label: "GPT-4o mini" },
  { id: "gpt-4.1", provider: "OpenAI", label: "GPT-4.1" },
  { id: "gpt-4.1-mini", provider: "OpenAI", label: "GPT-4.1 mini" },
  { id: "gpt-5", provider: "OpenAI", label: "GPT-5" },
  { id: "gpt-5-mini", provider: "OpenAI", label: "GPT-5 mini" },
];

export const DEFAULT_MODEL = "claude-sonnet-4-5-20250929";
export const DEFAULT_MODEL_BY_PROVIDER: Record<Provider, string> = {
  Anthropic: DEFAULT_MODEL,
  OpenAI: "gpt-4o-mini",
};

export function findCatalogueModel(id: string): ModelInfo | undefined {
  return MODEL_CATALOGUE.find((m) => m.id === id);
}

/** Guess the provider of a model id the catalogue does not know. */
export function providerOfModelId(id: string): Provider | undefined {
  const known = findCatalogueModel(id);
  if (known) return known.provider;
  if (id.startsWith("claude-")) return "Anthropic";
  if (/^(gpt-|o\d|chatgpt-)/.test(id)) return "OpenAI";
  return undefined;
}

/** Readable label for any model id (catalogue label, else the id itself). */
export function modelLabel(id: string): string {
  return findCatalogueModel(id)?.label ?? id;
}

/** Chat-capable model ids from a provider's list (embeddings, audio, images are left out). */
export function isChatModelId(provider: Provider, id: string): boolean {
  if (provider === "Anthropic") return id.startsWith("claude-");
  if (!/^(gpt-|o\d|chatgpt-)/.test(id)) return false;
  return !/(audio|realtime|transcribe|tts|image|search|embedding|instruct|codex|computer-use|moderation)/.test(id);
}
