import type { ApiKeyRow } from "@/lib/db/schema";
import type { ApiKeyJson } from "@/lib/responses/system";

export function toApiKeyJson(row: ApiKeyRow): ApiKeyJson {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
