import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { integrationConnections } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { maskSecret } from "@/lib/crypto/mask";
import { AppError, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import type { CampaignsJson, IntegrationConnectionJson, IntegrationConnectionsJson } from "@/lib/responses/sending";
import { isSendingTool, SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";
import { ToolUnreachableError } from "./tool-http";
import { KeyRefusedError } from "./tools/errors";
import { SENDING_TOOL_CLIENTS } from "./tools";
import { checkZeroBounceKey } from "./tools/zerobounce";

export type IntegrationConnectionRow = typeof integrationConnections.$inferSelect;

const NOT_FOUND = "Connection not found";

function toJson(row: IntegrationConnectionRow): IntegrationConnectionJson {
  return {
    id: row.id,
    service: row.service,
    name: row.name,
    apiKey: maskSecret(decryptSecret(row.apiKeyEncrypted)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's connection, or 404 (also for another user's id or a malformed one). */
export async function ownedIntegration(userId: string, id: string): Promise<IntegrationConnectionRow> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.id, id), eq(integrationConnections.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The key of a connection, for calls on the user's behalf (never returned, never logged). */
export const integrationKey = (row: IntegrationConnectionRow) => decryptSecret(row.apiKeyEncrypted);

/**
 * Runs a call to a tool and turns its failures into API errors: a refused key → 400 naming the service,
 * an unreachable tool (network errors and timeouts, retried by callTool) → 502.
 */
export async function asApiError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof KeyRefusedError) throw new AppError("invalid_input", error.message);
    if (error instanceof ToolUnreachableError) throw new AppError("provider_error", error.message);
    throw error;
  }
}

/** One read call with the key (a campaign list, ZeroBounce's credits): throws when the tool refuses it. */
async function checkKey(service: IntegrationService, apiKey: string): Promise<void> {
  if (service === "zerobounce") await checkZeroBounceKey(apiKey);
  else await SENDING_TOOL_CLIENTS[service].listCampaigns(apiKey, true);
}

/** Checks the key with the tool, then stores it encrypted. */
export async function createIntegration(
  userId: string,
  input: { service: IntegrationService; name: string; apiKey: string },
): Promise<IntegrationConnectionJson> {
  await asApiError(() => checkKey(input.service, input.apiKey));
  const [row] = await db
    .insert(integrationConnections)
    .values({ userId, service: input.service, name: input.name, apiKeyEncrypted: encryptSecret(input.apiKey) })
    .returning();
  return toJson(row!);
}

export async function listIntegrations(userId: string): Promise<IntegrationConnectionsJson> {
  const rows = await db
    .select()
    .from(integrationConnections)
    .where(eq(integrationConnections.userId, userId))
    .orderBy(asc(integrationConnections.createdAt));
  return { connections: rows.map(toJson) };
}

export async function renameIntegration(userId: string, id: string, name: string): Promise<IntegrationConnectionJson> {
  await ownedIntegration(userId, id);
  const [row] = await db
    .update(integrationConnections)
    .set({ name })
    .where(and(eq(integrationConnections.id, id), eq(integrationConnections.userId, userId)))
    .returning();
  return toJson(row!);
}

/** Deletes a key; pushes that used it keep their receipts (their connection becomes null). */
export async function deleteIntegration(userId: string, id: string): Promise<void> {
  await ownedIntegration(userId, id);
  await db
    .delete(integrationConnections)
    .where(and(eq(integrationConnections.id, id), eq(integrationConnections.userId, userId)));
}

/** Every campaign of the connection's account, live from the tool (400 for ZeroBounce, which has none). */
export async function listCampaigns(userId: string, id: string): Promise<CampaignsJson> {
  const row = await ownedIntegration(userId, id);
  const service = row.service;
  if (!isSendingTool(service))
    throw new AppError("invalid_input", `${SERVICE_LABELS[service]} has no campaigns: it checks addresses.`);
  const campaigns = await asApiError(() => SENDING_TOOL_CLIENTS[service].listCampaigns(integrationKey(row)));
  return { campaigns };
}
