/**
 * The providers' prompt caches, as the fake AI provider reports them (per API key):
 * - OpenAI caches automatically: a request whose longest common prefix with an earlier request of the
 *   same key (instructions, schema, then the messages in order) is at least 1,024 tokens reads that
 *   prefix from the cache, counted in steps of 128 tokens (`prompt_tokens_details.cached_tokens`).
 * - Anthropic caches only what comes before a `cache_control` breakpoint (tools → system → messages):
 *   a request whose marked prefix is at least 1,024 tokens and was written before by the same key reads
 *   it whole (`cache_read_input_tokens`); the first such request writes it.
 */
import { o200kTokens } from "./ai-provider-tokens";
import type { Json } from "./ai-provider-wire";

const MIN_CACHED_TOKENS = 1024;
const OPENAI_STEP = 128;
/** Earlier request texts kept per key (OpenAI's prefix matching). */
const KEEP = 50;

function blocks(value: unknown): Json[] {
  if (typeof value === "string") return [{ type: "text", text: value }];
  return Array.isArray(value) ? (value as Json[]) : [];
}

/** Anthropic: the request's text up to its last cache_control breakpoint, or null when it has none. */
export function anthropicCachedPrefix(body: Json): string | null {
  const parts: { text: string; marked: boolean }[] = [];
  for (const tool of blocks(body.tools))
    parts.push({ text: JSON.stringify(tool), marked: Boolean(tool.cache_control) });
  for (const block of blocks(body.system))
    parts.push({ text: String(block.text ?? ""), marked: Boolean(block.cache_control) });
  for (const message of blocks(body.messages))
    for (const block of blocks(message.content))
      parts.push({ text: String(block.text ?? JSON.stringify(block)), marked: Boolean(block.cache_control) });
  const last = parts.map((p) => p.marked).lastIndexOf(true);
  return last < 0
    ? null
    : parts
        .slice(0, last + 1)
        .map((p) => p.text)
        .join("\n");
}

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export function createPromptCache() {
  const openai = new Map<string, string[]>();
  const anthropic = new Set<string>();
  return {
    /** Cached input tokens of a request; `text` is what OpenAI hashes, in order (instructions, schema, prompt). */
    cachedTokens(provider: "openai" | "anthropic", apiKey: string, body: Json, text: string): number {
      if (provider === "anthropic") {
        const prefix = anthropicCachedPrefix(body);
        if (prefix === null) return 0;
        const tokens = o200kTokens(prefix);
        if (tokens < MIN_CACHED_TOKENS) return 0;
        const key = `${apiKey}\n${prefix}`;
        const hit = anthropic.has(key);
        anthropic.add(key);
        return hit ? tokens : 0;
      }
      const seen = openai.get(apiKey) ?? [];
      let best = 0;
      for (const earlier of seen) best = Math.max(best, commonPrefixLength(earlier, text));
      seen.push(text);
      if (seen.length > KEEP) seen.shift();
      openai.set(apiKey, seen);
      const tokens = best > 0 ? o200kTokens(text.slice(0, best)) : 0;
      return tokens >= MIN_CACHED_TOKENS ? Math.floor(tokens / OPENAI_STEP) * OPENAI_STEP : 0;
    },
    clear() {
      openai.clear();
      anthropic.clear();
    },
  };
}
