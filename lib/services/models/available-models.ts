import "server-only";
import { env } from "@/lib/env";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { providerModelCache, PROVIDERS, type Provider } from "@/lib/db/schema";
import { decryptSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors";
import { mergeModelLists, modelRefusal, pickDefaultModel, providerOfModelId, type ModelOption } from "@/lib/ai/models";
import { listProviderModels } from "@/lib/ai/provider-models";
import {
  activeConnectionId,
  getOwnedConnection,
  listConnections,
  type ConnectionRow,
} from "@/lib/services/connections/connections";
import type { ModelsJson } from "@/lib/responses/ai";

const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** After a failed lookup (revoked key, provider down) the provider is not asked again for a while. */
const FAILURE_BACKOFF_MS = 5 * 60 * 1000;
const failedLookups = ((
  globalThis as unknown as { __modelLookupFailures?: Map<string, number> }
).__modelLookupFailures ??= new Map());

/** The registry's clock; tests and callers may pass their own `now`. */
/** "Today" for retirements and warnings: MODEL_REGISTRY_DATE when set (test suites pin it), else the real date. */
export const registryNow = () => env().modelRegistryDate ?? new Date();

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

/** The connection whose key speaks for a provider: the given one, else the active one, else the first. */
async function sourceConnection(userId: string, provider: Provider, connectionId?: string | null) {
  if (connectionId) {
    const own = await getOwnedConnection(userId, connectionId);
    if (own.provider === provider) return own;
  }
  const mine = (await listConnections(userId)).filter((c) => c.provider === provider);
  const activeId = await activeConnectionId(userId);
  return mine.find((c) => c.id === activeId) ?? mine[0] ?? null;
}

/** The live model list of a provider for this user (null when it cannot be had). */
export async function liveModels(
  userId: string,
  provider: Provider,
  connectionId?: string | null,
  forceRefresh = false,
): Promise<string[] | null> {
  const source = await sourceConnection(userId, provider, connectionId);
  return source ? cachedProviderModels(source, forceRefresh) : null;
}

/**
 * Models the user can pick. With `connectionId`: that key's provider only, and its default; without:
 * both providers (each from its active connection), default of the active connection's provider.
 */
export async function availableModels(
  userId: string,
  opts: { forceRefresh?: boolean; connectionId?: string | null; now?: Date } = {},
): Promise<ModelsJson> {
  const now = opts.now ?? registryNow();
  let providers: readonly Provider[] = PROVIDERS;
  let defaultProvider: Provider = "Anthropic";
  if (opts.connectionId) {
    const connection = await getOwnedConnection(userId, opts.connectionId);
    providers = [connection.provider];
    defaultProvider = connection.provider;
  } else {
    const activeId = await activeConnectionId(userId);
    const active = activeId ? (await listConnections(userId)).find((c) => c.id === activeId) : undefined;
    if (active) defaultProvider = active.provider;
  }
  const models: ModelOption[] = [];
  let defaultModel = "";
  for (const provider of providers) {
    const live = await liveModels(userId, provider, opts.connectionId, opts.forceRefresh);
    models.push(...mergeModelLists(provider, live, now));
    if (provider === defaultProvider) defaultModel = pickDefaultModel(provider, live, now);
  }
  return { models, defaultModel };
}

/** The default model of a provider for this user's key, chosen at run time. */
export async function defaultModelFor(
  userId: string,
  provider: Provider,
  connectionId?: string | null,
  now = registryNow(),
): Promise<string> {
  return pickDefaultModel(provider, await liveModels(userId, provider, connectionId), now);
}

/**
 * A model can be chosen for a new run or setting: of the connection's provider, not retired, offered by
 * the key's live list (or plausible when there is none). Refused with 400 invalid_input naming the model.
 */
export async function assertModelSelectable(
  userId: string,
  modelId: string,
  provider: Provider | null,
  connectionId?: string | null,
  now = registryNow(),
): Promise<void> {
  const listProvider = provider ?? providerOfModelId(modelId) ?? null;
  const live = listProvider ? await liveModels(userId, listProvider, connectionId) : null;
  const refusal = modelRefusal(modelId, { provider, live, now });
  if (refusal) throw new AppError("invalid_input", refusal);
}
