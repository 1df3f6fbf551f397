import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { POST as connectionsPOST } from "@/app/api/ai/connections/route";
import { db } from "@/lib/db";
import { users, type UserRow } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/env";
import { startFakeProvider, type FakeProviderHandle, type FakeProviderOptions } from "../fakes/ai-provider";
import { closeDatabase, setupTestDatabase } from "./db";
import { insertVerifiedUser, uniqueEmail } from "./factories";
import { callRoute } from "./http";

/**
 * The usual set-up of a test file that talks to AI providers: a migrated database and the fake
 * provider, started before the file's tests and stopped after. Returns a handle to the fake.
 */
export function withFakeProviderAndDatabase(options: FakeProviderOptions = {}): FakeProviderHandle {
  let handle: FakeProviderHandle | undefined;
  beforeAll(async () => {
    await setupTestDatabase();
    handle = await startFakeProviderForApp(options);
  });
  afterAll(async () => {
    await handle?.close();
    await closeDatabase();
  });
  return new Proxy({} as FakeProviderHandle, {
    get(_target, prop) {
      if (!handle) throw new Error("The fake provider starts in beforeAll");
      const value = (handle as unknown as Record<string | symbol, unknown>)[prop];
      return typeof value === "function" ? value.bind(handle) : value;
    },
  });
}

/** Starts the fake provider and points the app's SDK clients at it (env() is re-read lazily). */
export async function startFakeProviderForApp(options: FakeProviderOptions = {}): Promise<FakeProviderHandle> {
  const fake = await startFakeProvider(options);
  process.env.OPENAI_BASE_URL = fake.openaiBaseUrl;
  process.env.ANTHROPIC_BASE_URL = fake.anthropicBaseUrl;
  resetEnvForTests();
  return fake;
}

export interface TestUser {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/** A fresh verified account and the header that authenticates as it. */
export async function newUser(prefix = "ai"): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const session = await insertVerifiedUser(email);
  return { id: String(session.user._id ?? session.user.id), email, headers: { "x-auth-token": session.token } };
}

export async function userRow(id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`No user ${id}`);
  return row;
}

/** Keys the fake accepts (OpenAI "sk-valid…", Anthropic "sk-ant-valid…") ending in a recognisable tail. */
export const validKey = (provider: "OpenAI" | "Anthropic", tail = "WXYZ") =>
  `${provider === "OpenAI" ? "sk-valid" : "sk-ant-valid"}-${randomBytes(8).toString("hex")}${tail}`;

export async function addConnection(
  user: TestUser,
  provider: "OpenAI" | "Anthropic",
  apiKey = validKey(provider),
  name = `${provider} key`,
) {
  return callRoute(connectionsPOST, {
    method: "POST",
    url: "/api/ai/connections",
    headers: user.headers,
    body: { name, provider, apiKey },
  });
}
