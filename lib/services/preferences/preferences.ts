import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { userPreferences } from "@/lib/db/schema";
import type { PreferencesJson } from "@/lib/responses/preferences";
import { DEFAULT_GENERATOR_VIEW, GENERATOR_VIEWS, type GeneratorView, type UpdatePreferencesInput } from "./schemas";

/** A stored view; the column's default ("table") and anything unknown read as the default view. */
function viewOf(stored: string | undefined): GeneratorView {
  return (GENERATOR_VIEWS as readonly string[]).includes(stored ?? "")
    ? (stored as GeneratorView)
    : DEFAULT_GENERATOR_VIEW;
}

/** `GET /api/preferences`: the caller's screen preferences (the defaults until first saved). */
export async function getPreferences(userId: string): Promise<PreferencesJson> {
  const [row] = await db
    .select({ generatorView: userPreferences.generatorView })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return { generatorView: viewOf(row?.generatorView) };
}

/** `PUT /api/preferences`: saves the preferences (one upsert) and answers them as stored. */
export async function updatePreferences(userId: string, input: UpdatePreferencesInput): Promise<PreferencesJson> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, generatorView: input.generatorView })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { generatorView: input.generatorView, updatedAt: sql`now()` },
    })
    .returning({ generatorView: userPreferences.generatorView });
  return { generatorView: viewOf(row?.generatorView) };
}
