import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as preferencesGET, PUT as preferencesPUT } from "@/app/api/preferences/route";
import { POST as keysPOST } from "@/app/api/keys/route";
import { db } from "@/lib/db";
import { userPreferences } from "@/lib/db/schema";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { callRoute } from "../support/http";
import type { PreferencesJson } from "@/lib/responses/preferences";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

type H = Record<string, string>;

const read = (headers: H) =>
  callRoute<PreferencesJson & { msg?: string; code?: string }>(preferencesGET, { url: "/api/preferences", headers });
const save = (headers: H, body: unknown) =>
  callRoute<PreferencesJson & { msg?: string; code?: string }>(preferencesPUT, {
    method: "PUT",
    url: "/api/preferences",
    headers,
    body,
  });

describe("GET/PUT /api/preferences", () => {
  it("answers output_first until the user chooses, then the saved view", async () => {
    const user = await newUser("prefs-default");
    const first = await read(user.headers);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ generatorView: "output_first" });

    const saved = await save(user.headers, { generatorView: "all" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ generatorView: "all" });
    expect((await read(user.headers)).json).toEqual({ generatorView: "all" });

    // Saving again updates the one row.
    expect((await save(user.headers, { generatorView: "output_first" })).json).toEqual({
      generatorView: "output_first",
    });
    expect((await read(user.headers)).json).toEqual({ generatorView: "output_first" });
  });

  it("keeps each user's choice apart", async () => {
    const a = await newUser("prefs-a");
    const b = await newUser("prefs-b");
    await save(a.headers, { generatorView: "all" });
    expect((await read(a.headers)).json.generatorView).toBe("all");
    expect((await read(b.headers)).json.generatorView).toBe("output_first");
  });

  it("reads the column's default ('table') as output_first", async () => {
    const user = await newUser("prefs-table");
    await db.insert(userPreferences).values({ userId: user.id });
    expect((await read(user.headers)).json).toEqual({ generatorView: "output_first" });
  });

  it("refuses an unknown view, a missing one and malformed JSON with 400 {msg, code}", async () => {
    const user = await newUser("prefs-bad");
    for (const body of [{ generatorView: "table" }, { generatorView: 1 }, {}, "{not json"]) {
      const res = await save(user.headers, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({ msg: expect.any(String), code: "invalid_input" });
    }
    const named = await save(user.headers, { generatorView: "table" });
    expect(named.json.msg).toContain('"output_first"');
    // Nothing was saved.
    expect((await read(user.headers)).json).toEqual({ generatorView: "output_first" });
  });

  it("works with an API key like every user route", async () => {
    const user = await newUser("prefs-key");
    const created = await callRoute(keysPOST, {
      method: "POST",
      url: "/api/keys",
      headers: user.headers,
      body: { name: "Script" },
    });
    expect(created.status, created.text).toBe(201);
    const key = { authorization: `Bearer ${created.json.key as string}` };
    expect((await save(key, { generatorView: "all" })).json).toEqual({ generatorView: "all" });
    expect((await read(user.headers)).json).toEqual({ generatorView: "all" });
  });

  it("answers 401 without credentials and with a refused token", async () => {
    for (const res of [await read({}), await save({}, { generatorView: "all" })]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ msg: "Authentication required", code: "unauthenticated" });
    }
    const refused = await read({ "x-auth-token": "not-a-session" });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("session_invalid");
  });
});
