import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as creditsGET } from "@/app/api/ai/credits/route";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as importPOST } from "@/app/api/csv/import/route";
import { GET as csvListGET } from "@/app/api/csv/route";
import { DELETE as keyDELETE } from "@/app/api/keys/[id]/route";
import { GET as keysGET, POST as keysPOST } from "@/app/api/keys/route";
import { db } from "@/lib/db";
import { apiKeys } from "@/lib/db/schema";
import { hashApiKey } from "@/lib/services/api-keys/api-keys";
import { MAX_API_KEYS_PER_USER } from "@/lib/services/api-keys/schemas";
import { newUser, type TestUser } from "../support/ai";
import { adminApi, newAdmin } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD } from "../support/factories";
import { bearer, callRoute, cookieHeader, loginAs } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);
afterEach(() => vi.restoreAllMocks());

/** The Drizzle instance behind the `db` proxy (to make one query fail). */
const realDb = () => (globalThis as unknown as { __dbHandle: { db: typeof db } }).__dbHandle.db;

type H = Record<string, string>;

const KEY_RE = /^cm_live_[A-Za-z0-9_-]{43}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const createKey = (headers: H, body: unknown) =>
  callRoute(keysPOST, { method: "POST", url: "/api/keys", headers, body });
const listKeys = (headers: H) => callRoute(keysGET, { url: "/api/keys", headers });
const revokeKey = (headers: H, id: string) =>
  callRoute(keyDELETE, { method: "DELETE", url: `/api/keys/${id}`, headers, params: { id } });
const me = (headers: H) => callRoute(meGET, { url: "/api/auth/me", headers });
const credits = (headers: H) => callRoute(creditsGET, { url: "/api/ai/credits", headers });
const importCsv = (headers: H, fileName: string) =>
  callRoute(importPOST, {
    method: "POST",
    url: "/api/csv/import",
    headers,
    body: { fileName, rows: [{ Name: "Ada", Email: "ada@example.com" }] },
  });
const xKey = (key: string) => ({ "x-auth-token": key });

/** Creates a key over the user's session and returns the whole answer. */
async function keyFor(
  user: TestUser,
  name = "Script",
): Promise<{ id: string; name: string; key: string; prefix: string; createdAt: string }> {
  const res = await createKey(user.headers, { name });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function storedRow(id: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

describe("POST /api/keys and GET /api/keys", () => {
  it("creates a key shown once and lists it without the key", async () => {
    const user = await newUser("keys-shape");
    const res = await createKey(user.headers, { name: "  CRM sync  " });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["createdAt", "id", "key", "name", "prefix"]);
    const created = res.json;
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.name).toBe("CRM sync");
    expect(created.key).toMatch(KEY_RE);
    expect(created.prefix).toBe(created.key.slice(0, 16));
    expect(created.createdAt).toMatch(ISO_RE);

    const list = await listKeys(user.headers);
    expect(list.status, list.text).toBe(200);
    expect(list.json).toEqual([
      { id: created.id, name: "CRM sync", prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null },
    ]);
    expect(list.text).not.toContain(created.key);

    // Two keys of the same name are two keys; the newest comes first.
    const second = await keyFor(user, "CRM sync");
    expect(second.key).not.toBe(created.key);
    expect((await listKeys(user.headers)).json.map((k: { id: string }) => k.id)).toEqual([second.id, created.id]);
  });

  it("lists only the caller's own keys", async () => {
    const [a, b] = [await newUser("keys-own-a"), await newUser("keys-own-b")];
    await keyFor(a, "A's key");
    expect((await listKeys(b.headers)).json).toEqual([]);
  });

  it.each([
    [{}, "Key name is required"],
    [{ name: "" }, "Key name is required"],
    [{ name: "   " }, "Key name is required"],
    [{ name: 42 }, "Key name is required"],
    [{ name: "x".repeat(101) }, "Key name must be at most 100 characters"],
  ])("refuses the name of %j", async (body, msg) => {
    const user = await newUser("keys-name");
    const res = await createKey(user.headers, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg, code: "invalid_input" });
    expect((await listKeys(user.headers)).json).toEqual([]);
  });

  it("accepts a name of 100 characters", async () => {
    const user = await newUser("keys-name-max");
    expect((await keyFor(user, "x".repeat(100))).name).toHaveLength(100);
  });

  it("works with the session cookie and a session token, not anonymously", async () => {
    const user = await newUser("keys-cookie");
    const login = await loginAs(user.email, STRONG_PASSWORD);
    expect(login.status, login.text).toBe(200);
    const cookie = { cookie: cookieHeader(login.headers), origin: "http://localhost:3000" };
    expect((await createKey(cookie, { name: "From the browser" })).status).toBe(201);
    expect((await listKeys(bearer(login.json.token))).json).toHaveLength(1);

    const anonymous = await listKeys({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe("unauthenticated");
    expect((await createKey({}, { name: "x" })).status).toBe(401);
    expect((await revokeKey({}, "00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });

  it(`allows at most ${MAX_API_KEYS_PER_USER} keys per user`, async () => {
    const user = await newUser("keys-limit");
    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) await keyFor(user, `Key ${i}`);
    const refused = await createKey(user.headers, { name: "One too many" });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: "conflict",
      msg: `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one to create another.`,
    });
    const list = (await listKeys(user.headers)).json;
    expect(list).toHaveLength(MAX_API_KEYS_PER_USER);
    // Revoking one makes room again.
    expect((await revokeKey(user.headers, list[0].id)).status).toBe(200);
    expect((await createKey(user.headers, { name: "Room again" })).status).toBe(201);
  });
});

describe("a key authenticates as its user", () => {
  it("on several endpoints, as x-auth-token and as Bearer", async () => {
    const user = await newUser("keys-use");
    const { key } = await keyFor(user);
    for (const headers of [xKey(key), bearer(key)]) {
      const who = await me(headers);
      expect(who.status, who.text).toBe(200);
      expect(who.json.email).toBe(user.email);
      const meter = await credits(headers);
      expect(meter.status, meter.text).toBe(200);
      expect(meter.json).toEqual((await credits(user.headers)).json);
    }
    const imported = await importCsv(bearer(key), "from-a-key.csv");
    expect(imported.status, imported.text).toBe(201);
    const viaXKey = await importCsv(xKey(key), "from-x-key.csv");
    expect(viaXKey.status, viaXKey.text).toBe(201);
    // The files belong to the key's user: the session sees them.
    const files = await callRoute(csvListGET, { url: "/api/csv", headers: user.headers });
    expect(JSON.stringify(files.json)).toContain("from-a-key.csv");
    expect(JSON.stringify(files.json)).toContain("from-x-key.csv");
  });

  it("keeps ownership rules: another user's data stays out of reach", async () => {
    const [a, b] = [await newUser("keys-iso-a"), await newUser("keys-iso-b")];
    const bFile = await importCsv(b.headers, "b-only.csv");
    expect(bFile.status).toBe(201);
    const { key } = await keyFor(a);
    const files = await callRoute(csvListGET, { url: "/api/csv", headers: xKey(key) });
    expect(files.status).toBe(200);
    expect(JSON.stringify(files.json)).not.toContain("b-only.csv");
  });

  it("gives an admin's key the admin's rights, and a plain user's key none", async () => {
    const admin = await newAdmin("Key Admin");
    const { key: adminKey } = await keyFor(admin);
    expect((await adminApi.dashboard(xKey(adminKey))).status).toBe(200);
    const plain = await newUser("keys-plain");
    const { key } = await keyFor(plain);
    const refused = await adminApi.dashboard(bearer(key));
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("forbidden");
  });

  it("cannot create, list or revoke keys (403)", async () => {
    const user = await newUser("keys-manage");
    const { id, key } = await keyFor(user);
    for (const headers of [xKey(key), bearer(key)]) {
      for (const res of [
        await createKey(headers, { name: "Sneaky" }),
        await listKeys(headers),
        await revokeKey(headers, id),
      ]) {
        expect(res.status, res.text).toBe(403);
        expect(res.json).toEqual({
          msg: "API keys cannot manage API keys. Sign in to manage them.",
          code: "forbidden",
        });
      }
    }
    // Nothing changed: still one key, and it still works.
    expect((await listKeys(user.headers)).json).toHaveLength(1);
    expect((await me(xKey(key))).status).toBe(200);
  });

  it("refuses unknown or malformed keys with 401 session_invalid", async () => {
    const user = await newUser("keys-unknown");
    const { key } = await keyFor(user);
    const forged = key.slice(0, -4) + (key.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const bad of [forged, "cm_live_short", `${key}x`]) {
      for (const headers of [xKey(bad), bearer(bad)]) {
        const res = await me(headers);
        expect(res.status, bad).toBe(401);
        expect(res.json.code).toBe("session_invalid");
      }
    }
  });

  it("a presented key decides alone, even next to a valid session", async () => {
    const user = await newUser("keys-mixed");
    const login = await loginAs(user.email, STRONG_PASSWORD);
    const cookie = cookieHeader(login.headers);
    const { key } = await keyFor(user);
    // With a key alongside the cookie, key management is still refused.
    expect((await listKeys({ cookie, "x-auth-token": key })).status).toBe(403);
  });
});

describe("DELETE /api/keys/{id}", () => {
  it("revokes at once: 401 on the next request, gone from the list", async () => {
    const user = await newUser("keys-revoke");
    const kept = await keyFor(user, "Kept");
    const revoked = await keyFor(user, "Revoked");
    expect((await me(xKey(revoked.key))).status).toBe(200);

    const res = await revokeKey(user.headers, revoked.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ msg: "API key revoked" });

    for (const headers of [xKey(revoked.key), bearer(revoked.key)]) {
      const after = await me(headers);
      expect(after.status).toBe(401);
      expect(after.json.code).toBe("session_invalid");
    }
    expect((await importCsv(bearer(revoked.key), "late.csv")).status).toBe(401);
    expect((await listKeys(user.headers)).json.map((k: { id: string }) => k.id)).toEqual([kept.id]);
    expect((await me(xKey(kept.key))).status).toBe(200);
    expect(await storedRow(revoked.id)).toBeUndefined();

    const again = await revokeKey(user.headers, revoked.id);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ msg: "API key not found", code: "not_found" });
  });

  it("answers 404 for another user's key (which keeps working) and for ids that cannot exist", async () => {
    const [owner, other] = [await newUser("keys-404-a"), await newUser("keys-404-b")];
    const { id, key } = await keyFor(owner);
    const res = await revokeKey(other.headers, id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ msg: "API key not found", code: "not_found" });
    expect((await me(xKey(key))).status).toBe(200);
    expect((await listKeys(owner.headers)).json).toHaveLength(1);
    expect((await revokeKey(owner.headers, "not-a-uuid")).status).toBe(404);
    expect((await revokeKey(owner.headers, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("storage", () => {
  it("stores a keyed hash, never the key", async () => {
    const user = await newUser("keys-hash");
    const { id, key, prefix } = await keyFor(user);
    const row = await storedRow(id);
    expect(row).toBeDefined();
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(row!.keyHash).not.toContain(key.slice(prefix.length));
    expect(row!.prefix).toBe(prefix);
    // No column of the table holds the key (nor its secret part).
    const dump = await db.execute(sql`select row_to_json(k)::text as j from api_keys k where k.id = ${id}`);
    const text = JSON.stringify((dump as unknown as { rows: unknown[] }).rows);
    expect(text).toContain(prefix);
    expect(text).not.toContain(key.slice(prefix.length));
  });

  it("records lastUsedAt on use, at most once a minute", async () => {
    const user = await newUser("keys-last-used");
    const { id, key } = await keyFor(user);
    expect((await storedRow(id))!.lastUsedAt).toBeNull();

    const before = Date.now();
    expect((await me(xKey(key))).status).toBe(200);
    const first = (await storedRow(id))!.lastUsedAt;
    expect(first).not.toBeNull();
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = (await listKeys(user.headers)).json[0];
    expect(listed.lastUsedAt).toBe(first!.toISOString());

    // A second use within the minute does not write again.
    expect((await credits(bearer(key))).status).toBe(200);
    expect((await storedRow(id))!.lastUsedAt!.getTime()).toBe(first!.getTime());

    // Once the recorded use is older than a minute, the next use records it again.
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await db.update(apiKeys).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiKeys.id, id));
    expect((await me(bearer(key))).status).toBe(200);
    expect((await storedRow(id))!.lastUsedAt!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });
});

describe("failures", () => {
  it("a database failure during the key lookup is a 500, not a 401 (the key stays valid)", async () => {
    const user = await newUser("keys-db-down");
    const { key } = await keyFor(user);
    const select = vi.spyOn(realDb(), "select").mockImplementationOnce(() => {
      throw new Error("Connection terminated unexpectedly");
    });
    const res = await me(xKey(key));
    expect(select).toHaveBeenCalled();
    expect(res.status, res.text).toBe(500);
    expect(res.json.code).toBe("internal");
    expect((await me(xKey(key))).status).toBe(200);
  });

  it("a failed lastUsedAt write does not refuse the request", async () => {
    const user = await newUser("keys-touch-fails");
    const { id, key } = await keyFor(user);
    const update = vi.spyOn(realDb(), "update").mockImplementationOnce(() => {
      throw new Error("Connection terminated unexpectedly");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await me(xKey(key))).status).toBe(200);
    expect(update).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    expect((await storedRow(id))!.lastUsedAt).toBeNull();
  });
});
