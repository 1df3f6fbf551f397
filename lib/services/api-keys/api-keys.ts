import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { apiKeys, users, type UserRow } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { conflict, notFound } from "@/lib/errors";
import { isUuid } from "@/lib/http/ids";
import { API_KEY_PREFIX, API_KEY_PREFIX_LENGTH, MAX_API_KEYS_PER_USER, type CreateApiKeyInput } from "./schemas";
import { toApiKeyJson } from "./serialize";
import type { ApiKeyJson, CreatedApiKeyJson } from "@/lib/responses/system";

/** `lastUsedAt` is written at most this often per key (not on every request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A key is the prefix and 32 random bytes in base64url (43 characters). */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a presented token is meant as an API key (rather than a session token). */
export function isApiKeyFormat(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The stored form of a key: HMAC-SHA256 under a key derived from AUTH_SECRET (its own purpose,
 * so the value is never a valid session-cookie signature). A database dump alone cannot be turned
 * back into keys, nor checked against guesses without the secret.
 */
export function hashApiKey(key: string): string {
  const hashKey = createHmac("sha256", env().authSecret).update("coldmail:api-key-hash:v1").digest();
  return createHmac("sha256", hashKey).update(key, "utf8").digest("base64url");
}

export async function listApiKeys(userId: string): Promise<ApiKeyJson[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyJson);
}

/** Creates a key; the answer is the only place the key itself ever appears. */
export async function createApiKey(userId: string, input: CreateApiKeyInput): Promise<CreatedApiKeyJson> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const prefix = key.slice(0, API_KEY_PREFIX_LENGTH);
  const row = await db.transaction(async (tx) => {
    // One creation at a time per user, so that the limit holds under concurrent requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId));
    if ((held?.count ?? 0) >= MAX_API_KEYS_PER_USER) {
      throw conflict(`You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one to create another.`, {
        limit: MAX_API_KEYS_PER_USER,
      });
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name, prefix, keyHash: hashApiKey(key) })
      .returning();
    return inserted!;
  });
  return { id: row.id, name: row.name, key, prefix: row.prefix, createdAt: row.createdAt.toISOString() };
}

/** Revokes (deletes) the caller's key at once; another user's id, or an unknown one, is a 404. */
export async function revokeApiKey(userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound("API key not found");
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw notFound("API key not found");
}

/**
 * The user a presented key belongs to, or null for an unknown (or revoked) key. One indexed
 * lookup by hash, no cache: a revoked key is refused from the next request on. `lastUsedAt` is
 * refreshed only when it is older than a minute.
 */
export async function findUserByApiKey(key: string): Promise<{ user: UserRow; keyId: string } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashApiKey(key);
  const [found] = await db
    .select({ user: users, keyId: apiKeys.id, keyHash: apiKeys.keyHash, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);
  if (!found || !timingSafeEqual(Buffer.from(found.keyHash), Buffer.from(hash))) return null;
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchLastUsed(found.keyId, now);
  }
  return { user: found.user, keyId: found.keyId };
}

/** Bookkeeping only: a failed write is logged, never a reason to refuse the request. */
async function touchLastUsed(keyId: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  try {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  } catch (error) {
    console.error("[api-keys] could not record last use", error);
  }
}
