import type { AiSettings } from "@/lib/ai/defaults";

/** Local storage key of the configuration last saved in this browser. */
const LAST_USED_CONFIG_KEY = "lastUsedConfig";

export function rememberLastUsedConfig(config: AiSettings): void {
  localStorage.setItem(LAST_USED_CONFIG_KEY, JSON.stringify(config));
}

/** The prompt to run with: the configured one, else the one last saved in this browser. */
export function promptToRun(config: AiSettings): string {
  if (config.prompt.trim()) return config.prompt;
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_USED_CONFIG_KEY) ?? "{}") as Partial<AiSettings>;
    return saved.prompt?.trim() ?? "";
  } catch {
    return "";
  }
}
