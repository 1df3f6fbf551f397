import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { providerModelCache, PROVIDERS, type Provider } from "@/lib/db/schema";
import { decryptSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/http/errors";
import { DEFAULT_MODEL, findCatalogueModel, isChatModelId, MODEL_CATALOGUE, modelLabel } from "@/lib/ai/models";
import { listProviderModels } from "@/lib/ai/provider-models";
import { activeConnectionId, listConnections, type ConnectionRow } from "@/lib/services/connections/connections";

const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** After a failed lookup (revoked key, provider down) the provider is not asked again for a while. */
const FAILURE_BACKOFF_MS = 5 * 60 * 1000;
const failedLookups = ((globalThis as unknown as { __modelLookupFailures?: Map<string, number> }).__modelLookupFailures ??= new Map());

export interface ModelOption {
  id: string;
  provider: Provider;
  label: string;
  retired: boolean;
  retiredOn: string | null;
}

/** The provider's live model ids for a connection, cached for a day; null when unknown. */
async function cachedProviderModels(connection: ConnectionRow, forceRefresh: boolean): Promise<string[] | null> {
  const [cached] = await db.select().from(providerModelCache).where(eq(providerModelCache.connectionId, connection.id));
  const fresh = cached && Date.now() - cached.fetchedAt.getTime() < CACHE_TTL_MS;
  if (cached && fresh && !forceRefresh) return cached.models;
  const failedAt = failedLookups.get(connection.id);
  if (!forceRefresh && failedAt && Date.now() - failedAt < FAILURE_BACKOFF_MS) return cached?.models ?? null;
  try {
    const models = await listProviderModels(connection.provider, decryptSecret(connection.apiKeyEncrypted));
    await db
      .insert(providerModelCache)
      .values({ connectionId: connection.id, models })
      .onConflictDoUpdate({ target: providerModelCache.connectionId, set: { models, fetchedAt: sql`now()` } });
    failedLookups.delete(connection.id);
    return models;
  } catch {
    failedLookups.set(connection.id, Date.now());
    return cached?.models ?? null;
  }
}

/** Merges the catalogue with a provider's live list: withdrawn models disappear, new ones appear. */
export function mergeModelLists(provider: Provider, live: string[] | null): ModelOption[] {
  const catalogue = MODEL_CATALOGUE.filter((m) => m.provider === provider);
  const toOption = (id: string): ModelOption => {
    const known = findCatalogueModel(id);
    return { id, provider, label: modelLabel(id), retired: Boolean(known?.retiredOn), retiredOn: known?.retiredOn ?? null };
  };
  if (!live) return catalogue.map((m) => toOption(m.id));
  const liveSet = new Set(live);
  const listed = catalogue.filter((m) => m.retiredOn || liveSet.has(m.id)).map((m) => toOption(m.id));
  const extra = live
    .filter((id) => !findCatalogueModel(id) && isChatModelId(provider, id))
    .filter((id) => provider === "Anthropic" || !/-\d{4}-\d{2}-\d{2}$/.test(id))
    .sort()
    .map(toOption);
  return [...listed, ...extra];
}

/** Models the user can pick, grouped by provider; refreshed from each provider they have a key for. */
export async function availableModels(userId: string, forceRefresh = false): Promise<{ models: ModelOption[]; defaultModel: string }> {
  const connections = await listConnections(userId);
  const activeId = await activeConnectionId(userId);
  const models: ModelOption[] = [];
  for (const provider of PROVIDERS) {
    const mine = connections.filter((c) => c.provider === provider);
    const source = mine.find((c) => c.id === activeId) ?? mine[0];
    const live = source ? await cachedProviderModels(source, forceRefresh) : null;
    models.push(...mergeModelLists(provider, live));
  }
  return { models, defaultModel: DEFAULT_MODEL };
}

/** A model can be chosen for a new run with this provider: known, not retired, offered. */
export async function assertModelSelectable(userId: string, modelId: string, provider: Provider | null): Promise<void> {
  const known = findCatalogueModel(modelId);
  if (known?.retiredOn) {
    throw new AppError(400, `${known.label} (${modelId}) was retired by ${known.provider} on ${known.retiredOn}. Choose another model.`);
  }
  const { models } = await availableModels(userId);
  const option = models.find((m) => m.id === modelId);
  if (!option) throw new AppError(400, `Unknown model: ${modelId}. Choose a model from the list.`);
  if (provider && option.provider !== provider) {
    throw new AppError(400, `${option.label} is an ${option.provider} model, but the selected connection is ${provider}. Choose a model of that provider.`);
  }
}
