import type { Provider } from "@/lib/ai/providers";
import { MODEL_TABLE, PREFERRED_DEFAULTS, type ModelEntry, type ModelPrice, type ModelQuirks } from "./model-table";

export type { ModelQuirks } from "./model-table";
export type ModelInfo = ModelEntry;

/** Static defaults (the first preferred model per provider); at run time use `pickDefaultModel`. */
export const DEFAULT_MODEL_BY_PROVIDER: Record<Provider, string> = {
  Anthropic: PREFERRED_DEFAULTS.Anthropic[0]!,
  OpenAI: PREFERRED_DEFAULTS.OpenAI[0]!,
};
export const DEFAULT_MODEL = DEFAULT_MODEL_BY_PROVIDER.Anthropic;

/** Days before a shutdown from which configs, templates and batches on the model show a warning. */
const SHUTDOWN_WARNING_DAYS = 30;

const DATE_SUFFIX = /^-(\d{8}|\d{4}-\d{2}-\d{2})$/;

/** `a` and `b` name the same model: equal, or one is the other plus a date (`claude-sonnet-4-5-20250929`). */
export function isAliasOf(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.startsWith(short) && DATE_SUFFIX.test(long.slice(short.length));
}

function findCatalogueModel(id: string): ModelInfo | undefined {
  return MODEL_TABLE.find((m) => m.id === id);
}

/** The table entry of a model id, also when the id is an alias of a dated table id or vice versa. */
export function findModel(id: string): ModelInfo | undefined {
  return findCatalogueModel(id) ?? MODEL_TABLE.find((m) => isAliasOf(m.id, id));
}

const OPENAI_ID = /^(gpt-|o\d|chatgpt-)/;

/** The provider of a model id: the table's, else guessed from the id's form. */
export function providerOfModelId(id: string): Provider | undefined {
  const known = findModel(id);
  if (known) return known.provider;
  if (id.startsWith("claude-")) return "Anthropic";
  if (OPENAI_ID.test(id)) return "OpenAI";
  return undefined;
}

/** Readable label for any model id (table label, else the id itself). */
export function modelLabel(id: string): string {
  return findModel(id)?.label ?? id;
}

/** Chat-capable model ids from a provider's list (embeddings, audio, images are left out). */
function isChatModelId(provider: Provider, id: string): boolean {
  if (provider === "Anthropic") return id.startsWith("claude-");
  if (!OPENAI_ID.test(id)) return false;
  return !/(audio|realtime|transcribe|tts|image|search|embedding|instruct|codex|computer-use|moderation)/.test(id);
}

/** How requests to the model are built; unknown OpenAI reasoning-family ids (gpt-5+, o-series) get their quirks. */
export function modelQuirks(id: string): ModelQuirks {
  const known = findModel(id);
  if (known) return known.quirks ?? {};
  if (/^(gpt-([5-9]|\d{2,})|o\d)/.test(id)) return { fixedTemperature: true, maxCompletionTokens: true };
  // A model the table does not know gets the provider's default temperature: newer models refuse any other.
  return { fixedTemperature: true };
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);
const addDays = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000);

export interface ModelLifecycle {
  retired: boolean;
  retiredOn: string | null;
  shutdownOn: string | null;
  /** Retired, or shutting down within SHUTDOWN_WARNING_DAYS. */
  warn: boolean;
  replacement: string | null;
}

/** Lifecycle of any model id on the day `now` (unknown ids: active, no dates). */
export function modelLifecycle(id: string, now: Date): ModelLifecycle {
  const entry = findModel(id);
  const retiredOn = entry?.retiredOn ?? null;
  const shutdownOn = entry?.shutdownOn ?? null;
  const end = [retiredOn, shutdownOn].filter((d): d is string => d !== null).sort()[0] ?? null;
  const retired = Boolean(entry?.retiredUndated) || (end !== null && end <= isoDay(now));
  const warn = retired || (end !== null && end <= isoDay(addDays(now, SHUTDOWN_WARNING_DAYS)));
  return { retired, retiredOn, shutdownOn, warn, replacement: entry?.replacement ?? null };
}

/** One model of `GET /ai/models`. */
export interface ModelOption {
  id: string;
  provider: Provider;
  label: string;
  retired: boolean;
  retiredOn: string | null;
  shutdownOn: string | null;
  replacement: string | null;
  price: ModelPrice | null;
}

function toModelOption(id: string, provider: Provider, now: Date): ModelOption {
  const { retired, retiredOn, shutdownOn, replacement } = modelLifecycle(id, now);
  return {
    id,
    provider,
    label: modelLabel(id),
    retired,
    retiredOn,
    shutdownOn,
    replacement,
    price: findModel(id)?.price ?? null,
  };
}

/** The live list offers the id: itself or an alias (`claude-x` ↔ `claude-x-20250101`). */
function liveOffers(live: readonly string[], id: string): boolean {
  return live.some((l) => isAliasOf(l, id));
}

/**
 * Merges the table with a provider's live list: table models the key offers (and retired ones, shown as
 * such), then every other chat model the key lists (unknown ones with label = id, price null). Without a
 * live list the table's models of that provider are listed.
 */
export function mergeModelLists(provider: Provider, live: readonly string[] | null, now: Date): ModelOption[] {
  const table = MODEL_TABLE.filter((m) => m.provider === provider);
  const listed = live ? table.filter((m) => modelLifecycle(m.id, now).retired || liveOffers(live, m.id)) : table;
  const options = listed.map((m) => toModelOption(m.id, provider, now));
  if (!live) return options;
  const extra = live
    .filter((id) => isChatModelId(provider, id) && !table.some((m) => isAliasOf(m.id, id)))
    .filter((id) => provider === "Anthropic" || !/-\d{4}-\d{2}-\d{2}$/.test(id))
    .sort()
    .map((id) => toModelOption(id, provider, now));
  return [...options, ...extra];
}

/**
 * The default model of a provider at `now`: the first preferred default the key offers that is not
 * retired or shutting down soon, else the newest offered model in the same state, else the first preferred.
 */
export function pickDefaultModel(provider: Provider, live: readonly string[] | null, now: Date): string {
  const usable = (id: string) => !modelLifecycle(id, now).warn && (!live || liveOffers(live, id));
  const preferred = PREFERRED_DEFAULTS[provider].find(usable);
  if (preferred) return preferred;
  const offered = mergeModelLists(provider, live, now).find((m) => usable(m.id));
  return offered?.id ?? PREFERRED_DEFAULTS[provider][0]!;
}

/** The model to switch to from `id`: its recommended replacement, else the provider's default. */
export function replacementFor(id: string, live: readonly string[] | null, now: Date): string | null {
  const provider = providerOfModelId(id);
  const named = findModel(id)?.replacement;
  if (named && !modelLifecycle(named, now).retired) return named;
  return provider ? pickDefaultModel(provider, live, now) : null;
}

/**
 * Why a newly chosen model cannot be used with a connection of `provider` (null: it can). `live` is that
 * key's model list, null when it cannot be had (then any plausible id of the provider is accepted).
 */
export function modelRefusal(
  id: string,
  opts: { provider: Provider | null; live: readonly string[] | null; now: Date },
): string | null {
  const modelProvider = providerOfModelId(id);
  if (!modelProvider) return `Unknown model: ${id}. Choose a model from the list.`;
  const label = modelLabel(id);
  const name = label === id ? id : `${label} (${id})`;
  const life = modelLifecycle(id, opts.now);
  if (life.retired) {
    const when = life.retiredOn ?? life.shutdownOn;
    const replacement = replacementFor(id, opts.live, opts.now);
    return (
      `${name} was retired by ${modelProvider}${when ? ` on ${when}` : ""}.` +
      (replacement ? ` Use ${modelLabel(replacement)} (${replacement}) instead.` : " Choose another model.")
    );
  }
  if (opts.provider && modelProvider !== opts.provider) {
    return `${name} is an ${modelProvider} model, but the selected connection is ${opts.provider}. Choose a model of that provider.`;
  }
  if (opts.live && !liveOffers(opts.live, id)) {
    return `Model ${id} is not offered to your ${modelProvider} API key. Choose a model from the list.`;
  }
  return null;
}

/** The default of a provider among the options `GET /api/ai/models` listed (the dialog's provider switch). */
export function defaultFromOptions(provider: Provider, options: readonly ModelOption[], now = new Date()): string {
  const ids = options.filter((m) => m.provider === provider && !m.retired).map((m) => m.id);
  return pickDefaultModel(provider, ids.length ? ids : null, now);
}
