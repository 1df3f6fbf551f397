import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { aiConfigs, connections, providerModelCache, type Provider } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { maskSecret } from "@/lib/crypto/mask";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { DEFAULT_SETTINGS } from "@/lib/ai/defaults";
import { pickDefaultModel, providerOfModelId } from "@/lib/ai/models";
import type { ConnectionJson, ConnectionsJson } from "@/lib/responses/ai";

export type ConnectionRow = typeof connections.$inferSelect;

export function toConnectionJson(row: ConnectionRow, activeId: string | null): ConnectionJson {
  return {
    _id: row.id,
    name: row.name,
    provider: row.provider,
    apiKey: maskSecret(decryptSecret(row.apiKeyEncrypted)),
    isActive: row.id === activeId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConnections(userId: string): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(eq(connections.userId, userId)).orderBy(asc(connections.createdAt));
}

/** The caller's connection, or 404 (also for another user's id). */
export async function getOwnedConnection(userId: string, id: string): Promise<ConnectionRow> {
  if (!isUuid(id)) throw notFound("Connection not found");
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), eq(connections.userId, userId)));
  if (!row) throw notFound("Connection not found");
  return row;
}

export async function activeConnectionId(userId: string): Promise<string | null> {
  const [row] = await db.select({ id: aiConfigs.connectionId }).from(aiConfigs).where(eq(aiConfigs.userId, userId));
  return row?.id ?? null;
}

/**
 * Makes one of the caller's connections the active one (creating the AI config row when
 * needed); a model of another provider is swapped for that provider's default model.
 */
export async function activateConnection(userId: string, connectionId: string): Promise<void> {
  const connection = await getOwnedConnection(userId, connectionId);
  const [current] = await db
    .select({ model: aiConfigs.selectedModel })
    .from(aiConfigs)
    .where(eq(aiConfigs.userId, userId));
  const model = current?.model ?? DEFAULT_SETTINGS.selectedModel;
  let selectedModel = model;
  if (providerOfModelId(model) !== connection.provider) {
    // The provider's current default, from the key's cached model list when there is one (no provider call here).
    const [cached] = await db
      .select({ models: providerModelCache.models })
      .from(providerModelCache)
      .where(eq(providerModelCache.connectionId, connection.id));
    selectedModel = pickDefaultModel(connection.provider, cached?.models ?? null, new Date());
  }
  await db
    .insert(aiConfigs)
    .values({ userId, ...DEFAULT_SETTINGS, connectionId, selectedModel })
    .onConflictDoUpdate({ target: aiConfigs.userId, set: { connectionId, selectedModel, updatedAt: sql`now()` } });
}

/** Stores a provider key encrypted; the first connection becomes the active one. */
export async function createConnection(
  userId: string,
  input: { name: string; provider: Provider; apiKey: string },
): Promise<ConnectionJson> {
  const [row] = await db
    .insert(connections)
    .values({ userId, name: input.name, provider: input.provider, apiKeyEncrypted: encryptSecret(input.apiKey) })
    .returning();
  let active = await activeConnectionId(userId);
  if (!active) {
    await activateConnection(userId, row!.id);
    active = row!.id;
  }
  return toConnectionJson(row!, active);
}

export async function deleteConnection(userId: string, id: string): Promise<void> {
  await getOwnedConnection(userId, id);
  await db.delete(connections).where(and(eq(connections.id, id), eq(connections.userId, userId)));
}

/** `GET /ai/connections`: the caller's connections, oldest first, the active one flagged. */
export async function listConnectionsJson(userId: string): Promise<ConnectionsJson> {
  const [rows, active] = await Promise.all([listConnections(userId), activeConnectionId(userId)]);
  return { connections: rows.map((row) => toConnectionJson(row, active)) };
}

/** The plain key, for calling the provider on the user's behalf (never returned to clients). */
export async function connectionApiKey(
  userId: string,
  id: string,
): Promise<{ provider: Provider; apiKey: string; name: string }> {
  const row = await getOwnedConnection(userId, id);
  return { provider: row.provider, apiKey: decryptSecret(row.apiKeyEncrypted), name: row.name };
}
