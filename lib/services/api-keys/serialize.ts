import type { ApiKeyRow } from "@/lib/db/schema";

/** One key in `GET /api/keys`: never the key itself, only its first characters. */
export interface ApiKeyJson {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `POST /api/keys`: the only answer that carries the full `key`. */
export interface CreatedApiKeyJson {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

export function toApiKeyJson(row: ApiKeyRow): ApiKeyJson {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
