import { getBoss } from "@/lib/queue/boss";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as openapiGET } from "@/app/api/openapi.json/route";
import { ERROR_CODES } from "@/lib/errors";
import { RESPONSE_SCHEMAS } from "@/lib/openapi/components";
import { buildOpenApiDocument, getOpenApiDocument, listOperations } from "@/lib/openapi/document";
import { HTTP_METHODS, type OperationSpec } from "@/lib/openapi/operation-spec";
import { OPERATIONS } from "@/lib/openapi/operations";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { newAdmin } from "../support/admin";
import { newUser, withFakeProviderAndDatabase, type TestUser } from "../support/ai";
import type { WebhookReceiver } from "../fakes/webhook-receiver";
import { documentValidator } from "../support/document-validator";
import { callRoute, type AnyJson } from "../support/http";
import {
  callOperation,
  documentedSchema,
  loadRoutes,
  operationKey,
  ROUTE_METHODS,
  type RouteModule,
} from "../support/openapi-routes";
import { withFakeSendingTools } from "../support/sending";
import { setWebhookEnv, startReceiverForMode } from "../support/webhooks";

// The OpenAPI document against the route files: every route method is documented, every documented
// operation answers (with the statuses it documents), and the document is well-formed OpenAPI 3.1.

withFakeProviderAndDatabase();
// The sending tools' operations call the tools: the fakes answer them (a documented example key is refused).
withFakeSendingTools();

/** Every route file's path and module (the catch-all excepted). */
let routes = new Map<string, RouteModule>();
beforeAll(async () => {
  routes = await loadRoutes();
}, 120_000);

const doc: OpenApiDocument = buildOpenApiDocument();
const key = operationKey;
const validator = documentValidator(doc);

describe("route files ↔ documented operations", () => {
  it("finds the route files", () => {
    expect(routes.size).toBeGreaterThan(50);
    expect(routes.has("/api/ai/templates/{id}")).toBe(true);
    expect(routes.has("/api/openapi.json")).toBe(true);
  });

  it("every exported method of every route file has an operation in the document", () => {
    const documented = new Set(listOperations(doc).map((o) => key(o.method, o.path)));
    const exported = [...routes].flatMap(([apiPath, mod]) =>
      ROUTE_METHODS.filter((m) => typeof mod[m] === "function").map((m) => key(m, apiPath)),
    );
    expect(exported.length).toBeGreaterThan(70);
    expect(exported.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("every documented operation has its route method; documented-ahead ones only while their route file is missing", () => {
    const missing = OPERATIONS.filter((op) => {
      const mod = routes.get(op.path);
      if (!mod && op.ahead) return false;
      return typeof mod?.[op.method.toUpperCase() as keyof RouteModule] !== "function";
    }).map((op) => key(op.method, op.path));
    expect(missing).toEqual([]);
  });

  it("the registry and the document agree", () => {
    expect(
      listOperations(doc)
        .map((o) => key(o.method, o.path))
        .sort(),
    ).toEqual(OPERATIONS.map((op) => key(op.method, op.path)).sort());
  });
});

describe("the document is OpenAPI 3.1 in shape", () => {
  it("declares 3.1.0, a relative server and the security schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "authToken",
      "bearer",
      "cronSecret",
      "sessionCookie",
    ]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(doc.components.securitySchemes.authToken).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-auth-token",
    });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.info.description).toMatch(/without the `\/api` prefix/);
  });

  it("has one Error schema {msg, code} whose code is the enum of lib/errors.ts", () => {
    const error = doc.components.schemas.Error as AnyJson;
    expect(error.required).toEqual(["msg", "code"]);
    expect(error.properties.code.enum).toEqual(ERROR_CODES);
    for (const { op } of listOperations(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400 && op.operationId !== "health") {
          expect(response.content?.["application/json"]?.schema, `${op.operationId} ${status}`).toEqual({
            $ref: "#/components/schemas/Error",
          });
        }
      }
    }
  });

  it("every $ref resolves", () => {
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== "object") return;
      for (const [k, v] of Object.entries(node)) {
        if (k === "$ref" && typeof v === "string") refs.push(v);
        else walk(v);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, "")
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce<unknown>(
          (node, segment) =>
            node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined,
          doc,
        );
    expect(refs.filter((ref) => !ref.startsWith("#/") || resolve(ref) === undefined)).toEqual([]);
  });

  it("operationIds are unique; tags, security schemes and path parameters are declared", () => {
    const all = [...listOperations(doc), ...Object.values(doc.webhooks).flatMap((item) => Object.values(item))].map(
      (o) => ("op" in o ? o.op : o),
    );
    const ids = all.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { path: apiPath, method, op } of listOperations(doc)) {
      expect(HTTP_METHODS).toContain(method);
      expect(apiPath.startsWith("/api/")).toBe(true);
      expect(
        op.tags.every((t) => tags.has(t)),
        op.operationId,
      ).toBe(true);
      for (const requirement of op.security)
        for (const name of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(name);
      const templated = [...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      expect(declared, op.operationId).toEqual(templated);
      expect(
        Object.keys(op.responses).some((s) => s.startsWith("2") || s.startsWith("3")),
        op.operationId,
      ).toBe(true);
      for (const response of Object.values(op.responses)) expect(response.description).toBeTruthy();
    }
  });

  it("request examples pass the route's own schema; response examples pass the response schema", () => {
    for (const op of OPERATIONS) {
      if (op.bodyExample !== undefined) {
        const parsed = z.safeParse(op.body!, op.bodyExample);
        expect(parsed.success, `${op.operationId}: ${parsed.error?.message}`).toBe(true);
      }
      const { schema, example } = op.success;
      if (example !== undefined && schema) {
        const zod = typeof schema === "string" ? RESPONSE_SCHEMAS[schema] : RESPONSE_SCHEMAS[schema.list].array();
        const parsed = zod.safeParse(example);
        expect(parsed.success, `${op.operationId} response: ${parsed.error?.message}`).toBe(true);
      }
    }
    const withExamples = new Set(
      OPERATIONS.filter((op) => op.bodyExample !== undefined && op.success.example !== undefined).map(
        (op) => op.operationId,
      ),
    );
    for (const id of ["login", "generate", "startBulkBatch", "importCsv"]) expect(withExamples).toContain(id);
    expect(OPERATIONS.find((op) => op.operationId === "getBatchStatus")?.success.example).toBeDefined();
  });

  it("GET /api/openapi.json serves the document, built once", async () => {
    expect(getOpenApiDocument()).toBe(getOpenApiDocument());
    const res = await callRoute(openapiGET, { url: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json).toEqual(JSON.parse(JSON.stringify(getOpenApiDocument())));
  });
});

// ---- Every documented operation answers. ----

const PARAM_VALUES: Record<string, () => string> = {
  id: () => randomUUID(),
  token: () => "not-a-real-token",
  rowId: () => "999999999",
  name: () => "No such column",
  sessionId: () => "cs_test_00000000000000",
};

/** Webhook targets: a local receiver instead of the examples' internet addresses. */
const BODY_OVERRIDES: Record<string, () => unknown> = {
  saveMakeConfig: () => ({ webhookUrl: rx.url, webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
  saveZapierConfig: () => ({ webhookUrl: `${rx.origin}/zapier-hook` }),
};

function call(op: OperationSpec, headers: Record<string, string>) {
  return callOperation(routes, op, {
    headers,
    params: (name) => PARAM_VALUES[name]!(),
    body: BODY_OVERRIDES[op.operationId]?.(),
  });
}

/** An answer: a documented status; errors as JSON `{msg, code}` with a known code. */
function expectAnswer(op: OperationSpec, res: Awaited<ReturnType<typeof call>>, who: string) {
  const label = `${who} ${key(op.method, op.path)} → ${res.status} ${res.text.slice(0, 200)}`;
  expect.soft(res.status, label).not.toBe(405);
  expect.soft(res.status, label).toBeLessThan(500);
  const documented = Object.keys(doc.paths[op.path]![op.method]!.responses);
  expect.soft(documented, label).toContain(String(res.status));
  if (res.status >= 400) {
    expect.soft(res.json, label).toMatchObject({ msg: expect.any(String) });
    expect.soft(ERROR_CODES, label).toContain(res.json?.code);
  }
  // A JSON answer has the shape the document gives it.
  const schema = documentedSchema(doc, op, res.status);
  if (schema && res.json !== undefined) expect.soft(validator.problems(schema, res.json), label).toBeNull();
}

const present = () => OPERATIONS.filter((op) => routes.get(op.path)?.[op.method.toUpperCase() as keyof RouteModule]);

let rx: WebhookReceiver;

describe("every documented operation answers", () => {
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    // The queue's schema exists (as in a running app), so the health check answers 200.
    await getBoss();
    rx = await startReceiverForMode();
    setWebhookEnv({ allowPrivate: "1", zapierPrefix: `${rx.origin}/` });
    admin = await newAdmin();
    user = await newUser("openapi");
  });
  afterAll(async () => {
    await rx?.close();
  });

  it("signed in (as an admin), or anonymously where the operation is public", async () => {
    const ops = present();
    expect(ops.length).toBeGreaterThan(70);
    for (const op of ops) {
      if (op.operationId === "signOut") continue; // would end the shared session: called below with its own user
      const headers = op.access === "public" || op.access === "stripe" ? {} : admin.headers;
      expectAnswer(op, await call(op, headers), "admin");
    }
    const signOut = OPERATIONS.find((op) => op.operationId === "signOut")!;
    const own = await newUser("signout");
    expectAnswer(signOut, await call(signOut, own.headers), "user");
    // The webhook operations reached the local receiver: test call and sent rows, Make and Zapier.
    expect(rx.requests.map((r) => (r.json as { event?: string } | undefined)?.event).sort()).toEqual([
      "rows.exported",
      "rows.exported",
      "test",
      "test",
    ]);
  }, 120_000);

  it("without credentials, every protected operation answers 401 unauthenticated", async () => {
    for (const op of present().filter((o) => ["user", "admin", "session", "cron"].includes(o.access))) {
      const res = await call(op, {});
      expect(res.status, key(op.method, op.path)).toBe(401);
      // No credentials at all: `unauthenticated` (the cron route may call a missing secret refused).
      expect(
        op.access === "cron" ? ["unauthenticated", "session_invalid"] : ["unauthenticated"],
        key(op.method, op.path),
      ).toContain(res.json?.code);
      expectAnswer(op, res, "anonymous");
    }
  }, 60_000);

  it("admin operations answer 403 forbidden to other users", async () => {
    for (const op of present().filter((o) => o.access === "admin")) {
      const res = await call(op, user.headers);
      expect(res.status, key(op.method, op.path)).toBe(403);
      expectAnswer(op, res, "user");
    }
  }, 60_000);
});
