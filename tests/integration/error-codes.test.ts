import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as restGET, POST as restPOST } from "@/app/api/[...rest]/route";
import { GET as dashboardGET } from "@/app/api/admin/dashboard/route";
import { POST as bulkPOST } from "@/app/api/ai/bulk-batched/route";
import { POST as generatePOST } from "@/app/api/ai/generate/route";
import { GET as templateGET } from "@/app/api/ai/templates/[id]/route";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as signOutPOST } from "@/app/api/auth/sign-out/route";
import { GET as csvListGET } from "@/app/api/csv/route";
import { POST as ticketsPOST } from "@/app/api/tickets/route";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { ERROR_CODES, ERROR_STATUS } from "@/lib/errors";
import { LOGIN_LIMITS } from "@/lib/services/auth/login";
import { reserveCredits } from "@/lib/services/credits/credits";
import { addConnection, newUser, userRow, type TestUser, withFakeProviderAndDatabase } from "../support/ai";
import { csvApi, importFile } from "../support/csv";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, loginAs, randomIp, registerAndVerify, type CallResult } from "../support/http";

const fake = withFakeProviderAndDatabase();
beforeEach(() => fake.reset());

/** Every error body is `{ msg, code, ...extra }` with the status of the code's row in ERROR_STATUS. */
function expectError(res: CallResult, status: number, code: string, msg?: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(ERROR_CODES).toContain(res.json.code);
  expect(res.json.code, res.text).toBe(code);
  expect(ERROR_STATUS[res.json.code as keyof typeof ERROR_STATUS]).toBe(status);
  expect(typeof res.json.msg).toBe("string");
  if (typeof msg === "string") expect(res.json.msg).toBe(msg);
  else if (msg) expect(res.json.msg).toMatch(msg);
}

const ROWS = [
  { Name: "Ada", Company: "Engines" },
  { Name: "Grace", Company: "Compilers" },
];

async function generator(user: TestUser, apiKey?: string) {
  const conn = await addConnection(user, "OpenAI", apiKey);
  expect(conn.status, conn.text).toBe(201);
  const file = await importFile(user, ROWS);
  return {
    csvId: file._id as string,
    body: (extra: Record<string, unknown> = {}) => ({
      prompt: "Write to {{Name}} at {{Company}}",
      jsonSchema: DEFAULT_JSON_SCHEMA,
      model: "gpt-4o-mini",
      useCase: "content_creation",
      connectionId: conn.json._id,
      csvId: file._id,
      selectedRowIndex: 0,
      ...extra,
    }),
  };
}

const post = (handler: typeof generatePOST, url: string, user: TestUser | null, body: unknown) =>
  callRoute(handler, { method: "POST", url, headers: user?.headers ?? {}, body });

describe("every error status class carries its code", () => {
  it("400 invalid_input: a failing schema rule, a wrong type, malformed JSON", async () => {
    const user = await newUser("codes-400");
    expectError(await post(ticketsPOST, "/api/tickets", user, { subject: "", message: "Body" }), 400, "invalid_input");
    expectError(await post(ticketsPOST, "/api/tickets", user, { subject: 7, message: [] }), 400, "invalid_input");
    expectError(
      await post(ticketsPOST, "/api/tickets", user, '{"subject": "x", '),
      400,
      "invalid_input",
      "Malformed JSON in request body",
    );
  });

  it("401 unauthenticated without credentials, session_invalid with refused ones", async () => {
    expectError(await callRoute(csvListGET, { url: "/api/csv" }), 401, "unauthenticated", "Authentication required");
    const refused: Record<string, string>[] = [
      { "x-auth-token": "not-a-session" },
      { authorization: "Bearer not-a-session" },
      { cookie: "better-auth.session_token=x.y" },
    ];
    for (const headers of refused) {
      expectError(
        await callRoute(csvListGET, { url: "/api/csv", headers }),
        401,
        "session_invalid",
        "Authentication failed",
      );
    }
    // A session that was valid and is gone (signed out) is refused the same way.
    const user = await newUser("codes-401");
    expect((await callRoute(meGET, { url: "/api/auth/me", headers: user.headers })).status).toBe(200);
    expect(
      (await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers: user.headers })).status,
    ).toBe(200);
    expectError(await callRoute(meGET, { url: "/api/auth/me", headers: user.headers }), 401, "session_invalid");
  });

  it("403 forbidden for a non-admin on the admin API", async () => {
    const user = await newUser("codes-403");
    expectError(
      await callRoute(dashboardGET, { url: "/api/admin/dashboard", headers: user.headers }),
      403,
      "forbidden",
      "Access denied. Admin privileges required.",
    );
  });

  it("404 not_found: another user's or an unknown resource, and an unknown API path", async () => {
    const user = await newUser("codes-404");
    const id = randomUUID();
    expectError(
      await callRoute(templateGET, { url: `/api/ai/templates/${id}`, headers: user.headers, params: { id } }),
      404,
      "not_found",
      "Template not found",
    );
    const other = await newUser("codes-404-other");
    const file = await importFile(other, ROWS);
    expectError(await csvApi.get(user, file._id), 404, "not_found");
    expectError(
      await callRoute(restGET, { url: "/api/nope", params: { rest: ["nope"] } }),
      404,
      "not_found",
      "Not found",
    );
    expectError(
      await callRoute(restPOST, { method: "POST", url: "/api/nope", params: { rest: ["nope"] }, body: {} }),
      404,
      "not_found",
    );
  });

  it("409 conflict: a column that already exists", async () => {
    const user = await newUser("codes-409");
    const file = await importFile(user, ROWS);
    expectError(
      await csvApi.addColumn(user, file._id, { name: "Company" }),
      409,
      "conflict",
      'A column named "Company" already exists',
    );
  });

  it("403 daily_credit_limit for one row without credits; 403 credit_limit for a bulk run over the remaining credits", async () => {
    const user = await newUser("codes-credits");
    const g = await generator(user);
    expect((await reserveCredits(await userRow(user.id), 99)).ok).toBe(true);
    const bulk = await post(bulkPOST, "/api/ai/bulk-batched", user, g.body({ rowsToProcess: 2 }));
    expectError(bulk, 403, "credit_limit", "Credit limit exceeded");
    expect(bulk.json).toMatchObject({ availableCredits: 1, requestedCredits: 2 });

    expect((await reserveCredits(await userRow(user.id), 1)).ok).toBe(true);
    const one = await post(generatePOST, "/api/ai/generate", user, g.body());
    expectError(one, 403, "daily_credit_limit", "Daily credit limit reached");
    expect(one.json).toMatchObject({ availableCredits: 0, requestedCredits: 1 });
    expect(fake.stats.calls).toHaveLength(0);
  });

  it("429 rate_limited with retryAfter after too many login attempts", async () => {
    const email = uniqueEmail("codes-429");
    await registerAndVerify(email, STRONG_PASSWORD);
    const headers = { "x-forwarded-for": randomIp() };
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp.limit; i++)
      expect((await loginAs(email, "Wr0ng!Password", headers)).status).toBe(400);
    const limited = await loginAs(email, STRONG_PASSWORD, headers);
    expectError(limited as CallResult, 429, "rate_limited", /Too many login attempts/);
    expect((limited.json as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
  });

  it("a key the provider refuses is provider_auth (400, never 401) — an invalid key and a key without access alike", async () => {
    const revoked = await newUser("codes-key");
    const g = await generator(revoked, "sk-revoked-0123456789abcdef");
    const res = await post(generatePOST, "/api/ai/generate", revoked, g.body());
    expectError(res, 400, "provider_auth", /OpenAI API key is invalid/);
    expect(res.json.reason).toBe("invalid_key");

    const noAccess = await newUser("codes-permission");
    const h = await generator(noAccess);
    fake.failNext(1, 403, {
      error: {
        message: "You are not allowed to use this model",
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
    const denied = await post(generatePOST, "/api/ai/generate", noAccess, h.body());
    expectError(denied, 400, "provider_auth", /not allowed/);
    expect(denied.json.reason).toBe("permission");
  });

  it("a provider outage is provider_error", async () => {
    const user = await newUser("codes-502");
    const g = await generator(user);
    fake.failNext(4, 500, { error: { message: "boom", type: "server_error", param: null, code: null } });
    const res = await post(generatePOST, "/api/ai/generate", user, g.body());
    expect(res.json.code, res.text).toBe("provider_error");
    expect(res.status).toBeGreaterThanOrEqual(500);
  });
});
