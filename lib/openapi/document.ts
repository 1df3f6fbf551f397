/**
 * Builds the OpenAPI 3.1 document from the operation registry: request bodies and query strings
 * through `z.toJSONSchema` of the routes' own zod schemas, responses from ./components, one `Error`
 * schema whose `code` is the enum of lib/errors.ts.
 */
import { z } from "zod";
import { documentationOf } from "@/lib/validation/schema-marks";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { ErrorSchema, RESPONSE_SCHEMAS } from "./components";
import { OPERATIONS, TAGS, type Access, type ErrorSpec, type OperationSpec, type SuccessSpec } from "./operations";
import type {
  JsonSchema,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
  SecurityRequirement,
} from "./types";

const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A JSON Schema without the keys a standalone schema has (the document declares the dialect once). */
function embedded(schema: JsonSchema): JsonSchema {
  const copy = { ...schema };
  delete copy.$schema;
  delete copy.$id;
  return copy;
}

/** A zod schema as a JSON Schema (2020-12) of what clients send. */
function inputSchema(schema: z.core.$ZodType): JsonSchema {
  return embedded(
    z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
      // Hand-parsed parts (documentedAs) are shown as the schema that documents them.
      override: ({ zodSchema, jsonSchema }) => {
        const doc = documentationOf(zodSchema as unknown as z.ZodType);
        if (doc) Object.assign(jsonSchema, inputSchema(doc));
      },
    }) as JsonSchema,
  );
}

/** The response schemas as `components.schemas`, cross-references as `#/components/schemas/<name>`. */
function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  registry.add(ErrorSchema, { id: "Error" });
  for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS)) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, embedded(schema)]));
}

const SESSION_OR_KEY: SecurityRequirement[] = [{ sessionCookie: [] }, { authToken: [] }, { bearer: [] }];
const SECURITY: Record<Access, SecurityRequirement[]> = {
  public: [],
  stripe: [],
  optional: [{}, ...SESSION_OR_KEY],
  user: SESSION_OR_KEY,
  admin: SESSION_OR_KEY,
  session: SESSION_OR_KEY,
  cron: [{ cronSecret: [] }],
};

/** Codes every operation of a kind can answer with. */
function defaultErrors(op: OperationSpec): ErrorSpec[] {
  const codes: ErrorSpec[] = [];
  if (op.body || op.query) codes.push("invalid_input");
  if (op.body) codes.push("payload_too_large");
  if (["user", "admin", "session"].includes(op.access)) codes.push("unauthenticated", "session_invalid");
  if (op.access === "cron") codes.push("unauthenticated", "session_invalid");
  if (op.access === "admin" || op.access === "session") codes.push("forbidden");
  if (/\{(id|rowId|name|sessionId)\}/.test(op.path)) codes.push("not_found");
  if (/\{token\}/.test(op.path)) codes.push("invalid_input");
  codes.push("internal");
  return codes;
}

const SAMPLE_MESSAGES: Record<ErrorCode, string> = {
  invalid_input: "Please fill in all fields",
  unauthenticated: "Authentication required",
  session_invalid: "Authentication failed",
  forbidden: "Access denied",
  not_found: "Not found",
  conflict: "Already exists",
  rate_limited: "Too many attempts. Please try again in 15 minutes.",
  credit_limit: "Credit limit exceeded",
  daily_credit_limit: "Daily credit limit reached",
  provider_auth: "The OpenAI API key was rejected. Check the key in your connection.",
  provider_error: "The provider did not answer. Please try again.",
  payload_too_large: "Request body is too large",
  internal: "Something went wrong. Please try again.",
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input",
  401: "Not signed in, or the credentials were refused",
  402: "Payment not completed yet",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Body too large",
  429: "Too many requests",
  500: "Internal error",
  502: "The upstream provider failed",
  503: "Overloaded or unavailable",
  504: "Timed out",
};

function errorResponses(op: OperationSpec): Record<string, ResponseObject> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const spec of [...defaultErrors(op), ...(op.errors ?? [])]) {
    const [code, status] = typeof spec === "string" ? [spec, ERROR_STATUS[spec]] : spec;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const out: Record<string, ResponseObject> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...codes];
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? "Error"}: ${list.map((c) => `\`${c}\``).join(", ")}`,
      content: {
        "application/json": {
          schema: ref("Error"),
          examples: Object.fromEntries(list.map((code) => [code, { value: { msg: SAMPLE_MESSAGES[code], code } }])),
        },
      },
    };
  }
  return out;
}

function successResponse(success: SuccessSpec): ResponseObject {
  if (!success.schema) return { description: success.description };
  const schema =
    typeof success.schema === "string" ? ref(success.schema) : { type: "array", items: ref(success.schema.list) };
  const media: MediaTypeObject = { schema };
  if (success.example !== undefined) media.example = success.example;
  return { description: success.description, content: { "application/json": media } };
}

const PATH_PARAM_TEXT: Record<string, string> = {
  id: "The resource's id",
  token: "The token of the e-mailed link",
  rowId: "The row's id (`rowIds` of the file)",
  name: "The column's name (URL-encoded)",
  sessionId: "The checkout session id (`cs_...`)",
};

function parameters(op: OperationSpec): ParameterObject[] {
  const params: ParameterObject[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    description: PATH_PARAM_TEXT[name!],
    schema: { type: "string" },
  }));
  if (op.query) {
    const schema = inputSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const description = typeof prop.description === "string" ? prop.description : undefined;
      params.push({
        name,
        in: "query",
        required: schema.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: prop,
      });
    }
  }
  if (op.access === "stripe") {
    params.push({
      name: "stripe-signature",
      in: "header",
      required: true,
      description: "Stripe's signature of the raw body",
      schema: { type: "string" },
    });
  }
  return params;
}

/** Spec section 7 paths also answer without the `/api` prefix (next.config.ts rewrites). */
function pathWithoutPrefix(path: string): string | null {
  const area = path.split("/")[2];
  if (["auth", "ai", "csv", "tickets", "webhooks", "zapier"].includes(area ?? "")) return path.replace(/^\/api/, "");
  if (area === "pricing" || area === "admin") return path.replace(/^\/api/, "");
  return null;
}

function operationObject(op: OperationSpec): OperationObject {
  const params = parameters(op);
  const responses: Record<string, ResponseObject> = { [String(op.success.status ?? 200)]: successResponse(op.success) };
  for (const other of op.otherResponses ?? []) responses[String(other.status)] = successResponse(other);
  Object.assign(responses, errorResponses(op));
  const alias = pathWithoutPrefix(op.path);
  const aliasNote =
    alias && op.path.startsWith("/api/admin/")
      ? `Also at \`${alias}\` for requests that carry \`x-auth-token\`, \`Authorization\` or \`Accept: application/json\`.`
      : alias
        ? `Also at \`${alias}\`.`
        : null;
  const description = [op.description, aliasNote].filter(Boolean).join("\n\n");
  const body = op.body
    ? {
        required: true,
        content: {
          "application/json": {
            schema: inputSchema(op.body),
            ...(op.bodyExample !== undefined ? { example: op.bodyExample } : {}),
          },
        },
      }
    : undefined;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(description ? { description } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: SECURITY[op.access],
    "x-access": op.access,
    ...(alias ? { "x-also-at": alias } : {}),
  };
}

const DESCRIPTION = `The HTTP API of ColdMail AI. Requests and answers are JSON.

**Paths.** Every path of the product's API (auth, ai, csv, tickets, webhooks, zapier, pricing, admin) also answers without the \`/api\` prefix — \`POST /ai/generate\` is \`POST /api/ai/generate\`. Admin paths without the prefix need \`x-auth-token\`, \`Authorization\` or \`Accept: application/json\` (the bare \`/admin/...\` pages are the admin screens). This document lists the \`/api\` paths.

**Authentication.** Send an API key (create one under Settings → API keys) or a session token from \`POST /api/auth/login\` as \`x-auth-token: <token>\` or \`Authorization: Bearer <token>\`; browsers use the session cookie. A revoked key or an expired session is answered 401 (\`session_invalid\`); missing credentials are 401 \`unauthenticated\`.

**Errors.** Every error is \`{ "msg": "...", "code": "..." }\` (see the \`Error\` schema) with a fitting status: 400 invalid input, 401 not signed in, 403 not allowed (also credit limits), 404 not found (also another user's resource), 409 conflict, 413 too large, 429 rate limited. Branch on \`code\`; show \`msg\`. An upstream provider's refusal of your AI key is never a 401.

**Money** is in USD units (149, 119.2), never cents. **Ids** are strings, returned as \`_id\` where the product shows \`_id\`.

**Outbound webhooks** (Make, Zapier) are described under \`webhooks\`; with a secret each request carries \`X-Webhook-Signature\` and the Standard Webhooks headers \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\`.`;

const WEBHOOK_HEADERS: ParameterObject[] = [
  {
    name: "x-webhook-signature",
    in: "header",
    description: "With a secret: `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes.",
    schema: { type: "string" },
  },
  {
    name: "webhook-id",
    in: "header",
    description: "With a secret: the message id, `msg_` + `x-idempotency-key`: the same on every retry of a request.",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    description: "With a secret: unix seconds when this attempt was signed.",
    schema: { type: "string" },
  },
  {
    name: "webhook-signature",
    in: "header",
    description:
      "With a secret: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded secret after `whsec_` when it starts with `whsec_`, else its UTF-8 bytes.",
    schema: { type: "string" },
  },
  {
    name: "x-idempotency-key",
    in: "header",
    required: true,
    description: "The same on every retry of a chunk: ignore a key you have already accepted.",
    schema: { type: "string" },
  },
  {
    name: "x-chunk-index",
    in: "header",
    required: true,
    description: "1-based index of this chunk of at most 500 rows.",
    schema: { type: "string" },
  },
  {
    name: "x-chunk-count",
    in: "header",
    required: true,
    description: "How many chunks the export has.",
    schema: { type: "string" },
  },
];

function webhookOperation(operationId: string, summary: string, description: string, example: unknown): PathItemObject {
  return {
    post: {
      operationId,
      tags: ["Webhooks"],
      summary,
      description,
      parameters: WEBHOOK_HEADERS,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                event: { type: "string", enum: ["rows.exported", "test"] },
                sentAt: { type: "string", description: "ISO 8601 date-time" },
                data: { type: "array", items: { type: "object", additionalProperties: { type: "string" } } },
              },
              required: ["event", "sentAt", "data"],
            },
            example,
          },
        },
      },
      responses: {
        "200": {
          description:
            "Any 2xx accepts the request. 5xx and network errors are retried (3 attempts in all); other answers are final.",
        },
      },
      security: [],
    },
  };
}

export function buildOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: { title: "ColdMail AI API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "This server" }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks: {
      rowsExported: webhookOperation(
        "webhookRowsExported",
        "Rows sent to your webhook",
        "`POST /api/webhooks/send` (Make) or `POST /api/zapier/send` (Zapier), in chunks of at most 500 rows.",
        {
          event: "rows.exported",
          sentAt: "2030-05-04T09:30:00.000Z",
          data: [{ "First Name": "Ann", Company: "Acme", "Subject Line": "A quick idea for Acme" }],
        },
      ),
      test: webhookOperation("webhookTest", "The test call", "`POST /api/webhooks/test` or `POST /api/zapier/test`.", {
        event: "test",
        sentAt: "2030-05-04T09:30:00.000Z",
        data: [],
      }),
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description:
            "The browser session cookie set by login (`__Secure-better-auth.session_token` over https). Cookie requests that change something must come from this app's own pages.",
        },
        authToken: {
          type: "apiKey",
          in: "header",
          name: "x-auth-token",
          description: "An API key or a session token.",
        },
        bearer: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <API key or session token>`." },
        cronSecret: {
          type: "http",
          scheme: "bearer",
          description: "`Authorization: Bearer $CRON_SECRET` (the cron entry point only).",
        },
      },
    },
  };
}

const holder = globalThis as unknown as { __openApiDocument?: OpenApiDocument };

/** The document, built on first use and kept in memory. */
export function getOpenApiDocument(): OpenApiDocument {
  return (holder.__openApiDocument ??= buildOpenApiDocument());
}

/** Every operation of the document with its path and method (renderer and tests). */
export function listOperations(doc: OpenApiDocument): { path: string; method: string; op: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as OperationObject })),
  );
}
