import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { connections, templates } from "@/lib/db/schema";
import { DEFAULT_SETTINGS, type AiSettings } from "@/lib/ai/defaults";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { resolveSettings } from "@/lib/services/ai-config/settings";
import type { AiSettingsInput } from "@/lib/services/ai-config/schemas";
import type { TemplateJson } from "@/lib/responses/ai";

type TemplateRow = typeof templates.$inferSelect;

function toTemplateJson(row: TemplateRow, connectionName: string | null): TemplateJson {
  return {
    _id: row.id,
    name: row.name,
    prompt: row.prompt,
    jsonSchema: row.jsonSchema,
    maxRows: row.maxRows,
    onlyRunIf: row.onlyRunIf,
    selectedModel: row.selectedModel,
    model: row.selectedModel,
    useCase: row.useCase,
    connectionId: row.connectionId,
    maxCostUsd: row.maxCostUsd,
    qualityRules: row.qualityRules,
    connectionName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function settingsOf(row: TemplateRow): AiSettings {
  const { prompt, jsonSchema, maxRows, onlyRunIf, selectedModel, useCase, connectionId, maxCostUsd, qualityRules } =
    row;
  return { prompt, jsonSchema, maxRows, onlyRunIf, selectedModel, useCase, connectionId, maxCostUsd, qualityRules };
}

async function selectTemplates(userId: string, id?: string) {
  return db
    .select({ row: templates, connectionName: connections.name })
    .from(templates)
    .leftJoin(connections, eq(connections.id, templates.connectionId))
    .where(id ? and(eq(templates.userId, userId), eq(templates.id, id)) : eq(templates.userId, userId))
    .orderBy(desc(templates.createdAt));
}

export async function listTemplates(userId: string): Promise<TemplateJson[]> {
  return (await selectTemplates(userId)).map((r) => toTemplateJson(r.row, r.connectionName));
}

/** The caller's template, or 404 (also for another user's id). */
export async function getTemplate(userId: string, id: string): Promise<TemplateJson> {
  if (!isUuid(id)) throw notFound("Template not found");
  const [found] = await selectTemplates(userId, id);
  if (!found) throw notFound("Template not found");
  return toTemplateJson(found.row, found.connectionName);
}

export async function createTemplate(userId: string, input: AiSettingsInput & { name: string }): Promise<TemplateJson> {
  const settings = await resolveSettings(userId, input, { ...DEFAULT_SETTINGS, selectedModel: "" });
  const [row] = await db
    .insert(templates)
    .values({ userId, name: input.name, ...settings })
    .returning({ id: templates.id });
  return getTemplate(userId, row!.id);
}

export async function updateTemplate(
  userId: string,
  id: string,
  input: AiSettingsInput & { name?: string },
): Promise<TemplateJson> {
  if (!isUuid(id)) throw notFound("Template not found");
  const [found] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)));
  if (!found) throw notFound("Template not found");
  const settings = await resolveSettings(userId, input, settingsOf(found));
  await db
    .update(templates)
    .set({ ...settings, ...(input.name ? { name: input.name } : {}), updatedAt: sql`now()` })
    .where(and(eq(templates.userId, userId), eq(templates.id, id)));
  return getTemplate(userId, id);
}

export async function deleteTemplate(userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("Template not found");
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)))
    .returning({ id: templates.id });
  if (deleted.length === 0) throw notFound("Template not found");
}
