/** Provider and use-case constants, safe to import anywhere (no server dependencies). */
export const PROVIDERS = ["Anthropic", "OpenAI"] as const;
export type Provider = (typeof PROVIDERS)[number];

export const USE_CASES = ["web_research", "content_creation"] as const;
export type UseCase = (typeof USE_CASES)[number];

export const KEY_HINTS: Record<Provider, string> = {
  Anthropic: "Anthropic keys start with sk-ant-",
  OpenAI: "OpenAI keys start with sk-",
};
