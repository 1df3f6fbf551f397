import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { batches, csvFiles, templates } from "@/lib/db/schema";
import { modelLabel, modelLifecycle, providerOfModelId, replacementFor } from "@/lib/ai/models";
import { getAiSettings } from "@/lib/services/ai-config/ai-config";
import { liveModels, registryNow } from "./available-models";
import type { ModelWarning } from "./warning-types";
import type { ModelWarningsJson } from "@/lib/responses/ai";

export type { ModelWarningsJson } from "@/lib/responses/ai";

/** The user's AI configuration, templates and running batches whose model is retired or shuts down within 30 days. */
export async function modelWarnings(userId: string, now = registryNow()): Promise<ModelWarningsJson> {
  const settings = await getAiSettings(userId);
  const templateRows = await db
    .select({
      id: templates.id,
      name: templates.name,
      model: templates.selectedModel,
      connectionId: templates.connectionId,
    })
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(desc(templates.createdAt));
  const batchRows = await db
    .select({ id: batches.id, settings: batches.settings, fileName: csvFiles.fileName })
    .from(batches)
    .leftJoin(csvFiles, eq(csvFiles.id, batches.csvFileId))
    .where(and(eq(batches.userId, userId), inArray(batches.status, ["queued", "running", "paused"])));

  const candidates: {
    kind: ModelWarning["kind"];
    id: string;
    name: string;
    model: string;
    connectionId: string | null;
  }[] = [
    {
      kind: "config",
      id: "config",
      name: "AI configuration",
      model: settings.selectedModel,
      connectionId: settings.connectionId,
    },
    ...templateRows.map((t) => ({ kind: "template" as const, ...t })),
    ...batchRows.map((b) => {
      const s = (b.settings ?? {}) as { model?: unknown; connectionId?: unknown };
      return {
        kind: "batch" as const,
        id: b.id,
        name: b.fileName ? `Run on ${b.fileName}` : "Running batch",
        model: typeof s.model === "string" ? s.model : "",
        connectionId: typeof s.connectionId === "string" ? s.connectionId : null,
      };
    }),
  ];
  const warnings: ModelWarning[] = [];
  for (const c of candidates) {
    if (!c.model) continue;
    const life = modelLifecycle(c.model, now);
    if (!life.warn) continue;
    const provider = providerOfModelId(c.model);
    const live = provider ? await liveModels(userId, provider, c.connectionId).catch(() => null) : null;
    const replacement = replacementFor(c.model, live, now);
    warnings.push({
      kind: c.kind,
      id: c.id,
      name: c.name,
      model: c.model,
      modelLabel: modelLabel(c.model),
      retired: life.retired,
      shutdownOn: life.retiredOn ?? life.shutdownOn,
      replacement,
      replacementLabel: replacement ? modelLabel(replacement) : null,
    });
  }
  return { warnings };
}
