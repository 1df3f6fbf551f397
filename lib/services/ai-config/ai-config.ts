import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { aiConfigs } from "@/lib/db/schema";
import { maskSecret } from "@/lib/crypto/mask";
import { decryptSecret } from "@/lib/crypto/secrets";
import { DEFAULT_SETTINGS, type AiSettings } from "@/lib/ai/defaults";
import { listConnections, toConnectionJson } from "@/lib/services/connections/connections";
import type { AiSettingsInput } from "./schemas";
import { resolveSettings } from "./settings";
import type { UserAiConfigJson } from "@/lib/responses/ai";

/** The user's generator settings (defaults until first saved). */
export async function getAiSettings(userId: string): Promise<AiSettings> {
  const [row] = await db.select().from(aiConfigs).where(eq(aiConfigs.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS };
  const { prompt, jsonSchema, maxRows, onlyRunIf, selectedModel, useCase, connectionId, maxCostUsd, qualityRules } =
    row;
  return { prompt, jsonSchema, maxRows, onlyRunIf, selectedModel, useCase, connectionId, maxCostUsd, qualityRules };
}

/** `GET /api/ai/config`: masked keys per provider, the settings, and the connections. */
export async function getUserAiConfig(userId: string): Promise<UserAiConfigJson> {
  const [settings, rows] = await Promise.all([getAiSettings(userId), listConnections(userId)]);
  const connections = rows.map((row) => toConnectionJson(row, settings.connectionId));
  const keyFor = (provider: "OpenAI" | "Anthropic") => {
    const row =
      rows.find((r) => r.provider === provider && r.id === settings.connectionId) ??
      rows.findLast((r) => r.provider === provider);
    return row ? maskSecret(decryptSecret(row.apiKeyEncrypted)) : "";
  };
  return { apiKeys: { openai: keyFor("OpenAI"), anthropic: keyFor("Anthropic") }, aiConfig: settings, connections };
}

/** `PUT /ai/config`: validates and saves the settings. */
export async function updateAiConfig(userId: string, input: AiSettingsInput): Promise<AiSettings> {
  const next = await resolveSettings(userId, input, await getAiSettings(userId));
  await db
    .insert(aiConfigs)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: aiConfigs.userId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}
