import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";
import { getBoss } from "@/lib/queue/boss";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { OPERATIONS } from "@/lib/openapi/operations";
import { newAdmin } from "../support/admin";
import { addConnection, newUser, withFakeProviderAndDatabase } from "../support/ai";
import { documentValidator } from "../support/document-validator";
import { registerAndVerify, type AnyJson } from "../support/http";
import { callOperation, documentedSchema, loadRoutes, operationKey, type RouteModule } from "../support/openapi-routes";
import { withFakeSendingTools } from "../support/sending";
import { setWebhookEnv, startReceiverForMode } from "../support/webhooks";

// docs/api.md "Response schemas": every documented operation is called with real resources of the
// caller (its file, rows, template, connection, ticket, batch, preview, job, key, promo code), and
// every JSON answer must match the schema the OpenAPI document gives its status. An answer that
// drifts from the document fails here.

withFakeProviderAndDatabase();
const tools = withFakeSendingTools();

const doc = buildOpenApiDocument();
const validator = documentValidator(doc);
let routes = new Map<string, RouteModule>();

const PASSWORD = "Str0ng-Passw0rd!";

/** Operations that cannot answer 2xx to a test caller, and why. */
const NO_SUCCESS: Record<string, string> = {
  "GET /api/auth/verify-email/{token}": "needs a mailed token",
  "POST /api/auth/reset-password/{token}": "needs a mailed token",
  "GET /api/pricing/verify-payment/{sessionId}": "needs a checkout session the payment provider completed",
  "POST /api/stripe/webhook": "needs Stripe's signature",
  "GET /api/cron/work": "needs CRON_SECRET",
  "POST /api/cron/work": "needs CRON_SECRET",
};

interface Seeds {
  csvId: string;
  rowIds: number[];
  connectionId: string;
  ids: Record<string, string>;
}

describe("every documented answer matches the document", () => {
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  let seeds: Seeds;

  beforeAll(async () => {
    routes = await loadRoutes();
    await getBoss();
    const rx = await startReceiverForMode();
    setWebhookEnv({ allowPrivate: "1", zapierPrefix: `${rx.origin}/` });
    admin = await newAdmin();
    const connection = await addConnection(admin, "OpenAI");
    seeds = { csvId: "", rowIds: [], connectionId: connection.json._id, ids: {} };
    seeds.ids.rx = rx.url;
    seeds.ids.email = `schemas-${Date.now()}@example.test`;
    seeds.ids.promoCode = `SCHEMA${Date.now().toString(36).toUpperCase()}`;
    await registerAndVerify(seeds.ids.email, PASSWORD);
    // A sending tool's key and campaign the push operations name.
    seeds.ids.toolKey = `schemas-instantly-${Date.now()}-key`;
    tools().instantly.addKey(seeds.ids.toolKey);
    seeds.ids.campaign = String(tools().instantly.addCampaign(seeds.ids.toolKey, { name: "Schemas" }).id);
  }, 120_000);

  const find = (id: string) => OPERATIONS.find((op) => op.operationId === id)!;
  const run = (spec: { model: string }) => ({
    prompt: "Write to {{First Name}} at {{Company}}",
    jsonSchema: DEFAULT_JSON_SCHEMA,
    model: spec.model,
    useCase: "content_creation",
    connectionId: seeds.connectionId,
    csvId: seeds.csvId,
  });

  /** Bodies that must name the caller's own resources. */
  const bodyOf = (op: OperationSpec): unknown => {
    const ids = seeds.ids;
    const rows = [{ "First Name": "Ann", Company: "Acme", Email: "ann@acme.test" }];
    switch (op.operationId) {
      case "startBulkBatch":
      case "estimateBulkRun":
        return { ...run({ model: "gpt-4o-mini" }), rowIds: seeds.rowIds.slice(0, 1) };
      case "previewBulkRun":
        return { ...run({ model: "gpt-4o-mini" }), rowIds: seeds.rowIds.slice(0, 1) };
      case "generate":
        return { ...run({ model: "gpt-4o-mini" }), data: rows, selectedRowIndex: 0 };
      case "replaceCsvRows":
        return {
          id: seeds.csvId,
          rows: [...rows, { ...rows[0], "First Name": "Bo" }, { ...rows[0], "First Name": "Cy" }],
        };
      case "login":
        return { email: ids.email, password: PASSWORD };
      case "forgotPassword":
        return { email: ids.email };
      case "saveMakeConfig":
        return { webhookUrl: ids.rx, webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };
      case "saveZapierConfig":
        return { webhookUrl: `${new URL(ids.rx!).origin}/zapier-hook` };
      case "sendRowsToMake":
      case "sendRowsToZapier":
        return { data: rows };
      case "createConnection":
        return { name: `Second ${Date.now()}`, provider: "OpenAI", apiKey: "sk-valid-schema-0000000000000001" };
      // A code of its own (other test files on the same database create the documented example's code),
      // which the pricing operations then use.
      case "adminCreatePromoCode":
        return { ...(op.bodyExample as object), code: ids.promoCode };
      case "validatePromo":
        return { code: ids.promoCode };
      case "startCheckout":
        return { ...(op.bodyExample as object), promoCode: ids.promoCode };
      case "createIntegrationConnection":
        return { service: "instantly", name: "Schemas", apiKey: ids.toolKey };
      case "pushToCampaign":
        return { connectionId: ids.integration, campaignId: ids.campaign };
      case "startEmailCheck":
        return { column: "Email", rowIds: seeds.rowIds.slice(0, 1) };
      case "checkProviderKey":
        return { provider: "OpenAI", apiKey: "sk-valid-schema-0000000000000001" };
      default:
        return undefined;
    }
  };

  const paramOf = (op: OperationSpec) => (name: string) => {
    const ids = seeds.ids;
    if (name === "rowId")
      return String(op.method === "delete" && !op.path.endsWith("approve") ? seeds.rowIds.at(-1) : seeds.rowIds[0]);
    if (name === "name") return "Email";
    if (name === "token") return "not-a-real-token";
    if (name === "sessionId") return "cs_test_00000000000000";
    const byPrefix: Array<[string, string | undefined]> = [
      ["/api/csv/", seeds.csvId],
      ["/api/integrations/connections/", ids.integration],
      ["/api/pushes/", ids.push],
      ["/api/email-checks/", ids.emailCheck],
      ["/api/ai/templates/", ids.template],
      ["/api/ai/connections/", ids.connection],
      ["/api/ai/preview/", ids.preview],
      ["/api/tickets/", ids.ticket],
      ["/api/admin/tickets/", ids.ticket],
      ["/api/admin/users/", admin.id],
      ["/api/admin/promo-codes/", ids.promo],
      ["/api/jobs/", ids.job],
      ["/api/keys/", ids.key],
      ["/api/ai/", ids.batch],
    ];
    return byPrefix.find(([prefix]) => op.path.startsWith(prefix))?.[1] ?? "missing";
  };

  /** Creating operations first (their answers name the resources the others use), deletions last. */
  const order = (op: OperationSpec): number => {
    const first = [
      "importCsv",
      "createTemplate",
      "createConnection",
      "createTicket",
      "adminCreatePromoCode",
      "createIntegrationConnection",
    ];
    if (first.includes(op.operationId)) return 0;
    if (
      [
        "createApiKey",
        "startBulkBatch",
        "previewBulkRun",
        "adminBulkEmail",
        "pushToCampaign",
        "startEmailCheck",
      ].includes(op.operationId)
    )
      return 1;
    if (op.operationId === "signOut") return 5;
    // Cancelling the run, closing the ticket and replacing every row end what the other operations act on
    // (after a replacement the changes answer `reload` with no rows).
    if (
      [
        "cancelBatch",
        "adminUpdateTicket",
        "updateMyTicketStatus",
        "replaceCsvRows",
        "cancelPush",
        "cancelEmailCheck",
      ].includes(op.operationId)
    )
      return 3;
    if (op.method !== "delete") return 2;
    return op.path === "/api/csv/{id}" || op.path === "/api/ai/connections/{id}" ? 4 : 3;
  };

  /** Remembers the ids a creating operation answered. */
  const harvest = (op: OperationSpec, json: AnyJson) => {
    const ids = seeds.ids;
    if (op.operationId === "importCsv") seeds.csvId = json._id;
    // Replacing the rows gives them new ids.
    if (["importCsv", "replaceCsvRows"].includes(op.operationId)) seeds.rowIds = json.rowIds;
    if (op.operationId === "createTemplate") ids.template = json._id ?? json.template?._id;
    if (op.operationId === "createConnection") ids.connection = json._id;
    if (op.operationId === "createTicket") ids.ticket = json._id ?? json.ticket?._id;
    if (op.operationId === "adminCreatePromoCode") ids.promo = json._id ?? json.promoCode?._id;
    if (op.operationId === "createApiKey") ids.key = json.id;
    if (op.operationId === "startBulkBatch") ids.batch = json.batchId;
    if (op.operationId === "previewBulkRun") ids.preview = json.previewId;
    if (op.operationId === "adminBulkEmail") ids.job = json.jobId ?? json.job?.id;
    if (op.operationId === "createIntegrationConnection") ids.integration = json.id;
    if (op.operationId === "pushToCampaign") ids.push = json.pushId;
    if (op.operationId === "startEmailCheck") ids.emailCheck = json.checkId;
  };

  it("each operation succeeds (2xx, or the redirect it documents) with the caller's resources, and every answer matches its documented schema", async () => {
    const ops = OPERATIONS.filter((op) => routes.get(op.path)?.[op.method.toUpperCase() as keyof RouteModule]);
    const sorted = [...ops].sort((a, b) => order(a) - order(b));
    const failures: string[] = [];
    const succeeded = new Set<string>();
    const answers = new Map<string, string>();
    for (const op of sorted) {
      const key = operationKey(op.method, op.path);
      const headers = op.access === "public" || op.access === "stripe" ? {} : admin.headers;
      const query = op.operationId === "getCsvChanges" ? `?since=${encodeURIComponent(new Date(0).toISOString())}` : "";
      const res = await callOperation(routes, op, { headers, params: paramOf(op), body: bodyOf(op), query });
      const label = `${key} → ${res.status} ${res.text.slice(0, 300)}`;
      answers.set(key, NO_SUCCESS[key] ?? `${res.status} ${res.text.slice(0, 120)}`);
      if (res.status >= 200 && res.status < 400) {
        succeeded.add(key);
        harvest(op, res.json);
      }
      const schema = documentedSchema(doc, op, res.status);
      if (!schema && res.headers.get("content-type")?.includes("application/json"))
        failures.push(`${label}: status not documented with a JSON schema`);
      else if (schema && res.json !== undefined) {
        const problems = validator.problems(schema, res.json);
        if (problems) failures.push(`${label}\n${problems}`);
      }
    }
    expect(failures).toEqual([]);
    const unanswered = [...answers].filter(([k]) => !succeeded.has(k)).map(([k, v]) => `${k} → ${v}`);
    expect(unanswered.sort()).toEqual(
      Object.entries(NO_SUCCESS)
        .map(([k, v]) => `${k} → ${v}`)
        .sort(),
    );
    expect(find("getCsvChanges")).toBeDefined();
  }, 180_000);

  it("a chunked import answers as documented: the first chunk (`final: false`), a middle chunk, the last (`final: true`), then the file", async () => {
    // A user of its own: the test above signs the admin out.
    const { headers } = await newUser("schemas-chunked");
    const failures: string[] = [];
    const call = async (operationId: string, body: unknown, id = "") => {
      const op = find(operationId);
      const res = await callOperation(routes, op, { headers, params: () => id, body });
      const schema = documentedSchema(doc, op, res.status);
      const label = `${operationId} → ${res.status} ${res.text.slice(0, 300)}`;
      const problems = schema ? validator.problems(schema, res.json) : "status not documented with a JSON schema";
      if (problems) failures.push(`${label}\n${problems}`);
      return res;
    };
    const row = (n: number) => ({ "First Name": `Chunk ${n}`, Company: "Acme", Email: `chunk${n}@acme.test` });

    const first = await call("importCsv", { fileName: "chunked.csv", rows: [row(1), row(2)], final: false });
    expect(first.status).toBe(201);
    // The file without its rows: the first chunk of a large import does not echo them.
    expect(Object.keys(first.json).sort()).toEqual(["_id", "columns", "created", "fileName", "rowCount", "updatedAt"]);
    const id: string = first.json._id;
    const middle = await call("appendCsvRows", { rows: [row(3)], final: false }, id);
    expect([middle.status, middle.json.rowCount]).toEqual([200, 3]);
    const last = await call("appendCsvRows", { rows: [row(4), row(5)], final: true }, id);
    expect([last.status, last.json.rowCount]).toEqual([200, 5]);
    const file = await call("getCsvFile", undefined, id);
    expect(file.status).toBe(200);
    expect(file.json.rows.map((r: AnyJson) => r["First Name"])).toEqual([1, 2, 3, 4, 5].map((n) => `Chunk ${n}`));
    expect(failures).toEqual([]);
  }, 60_000);
});
