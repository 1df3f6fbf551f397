/**
 * Builds the OpenAPI 3.1 document from the operation registry: request bodies and query strings
 * through `z.toJSONSchema` of the routes' own zod schemas, responses from ./components, one `Error`
 * schema whose `code` is the enum of lib/errors.ts.
 */
import { z } from "zod";
import { documentationOf } from "@/lib/validation/schema-marks";
import { ErrorSchema, RESPONSE_SCHEMAS } from "./components";
import { errorResponses } from "./error-responses";
import { TAGS, type Access, type OperationSpec, type SuccessSpec } from "./operation-spec";
import { API_DESCRIPTION, webhookOperation } from "./outbound-webhooks";
import { OPERATIONS } from "./operations";
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
import { schemaRef } from "./types";

const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";
/** A JSON Schema without the keys a standalone schema has (the document declares the dialect once). */
function embedded(schema: JsonSchema): JsonSchema {
  const copy = { ...schema };
  delete copy.$schema;
  delete copy.$id;
  return copy;
}

type OverrideContext = { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema };

/**
 * A record keyed by an enum (`z.record(z.enum([...]), value)`) has every key, and zod lists them in
 * `required`; JSON Schema reads `required` against `properties`, so each key is defined there with the
 * record's value schema (a document requiring properties it never defines is malformed to linters).
 */
function defineRequiredRecordKeys({ zodSchema, jsonSchema }: OverrideContext): void {
  if (zodSchema._zod.def.type !== "record" || !Array.isArray(jsonSchema.required)) return;
  const value = jsonSchema.additionalProperties;
  const defined = (jsonSchema.properties ?? {}) as Record<string, JsonSchema>;
  if (!value || typeof value !== "object") {
    jsonSchema.required = jsonSchema.required.filter((key: string) => key in defined);
    return;
  }
  jsonSchema.properties = {
    ...defined,
    ...Object.fromEntries(
      (jsonSchema.required as string[]).filter((key) => !(key in defined)).map((key) => [key, value]),
    ),
  };
}

/** A zod schema as a JSON Schema (2020-12) of what clients send. */
function inputSchema(schema: z.core.$ZodType): JsonSchema {
  return embedded(
    z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
      override: (ctx) => {
        // Hand-parsed parts (documentedAs) are shown as the schema that documents them.
        const doc = documentationOf(ctx.zodSchema as unknown as z.ZodType);
        if (doc) Object.assign(ctx.jsonSchema, inputSchema(doc));
        defineRequiredRecordKeys(ctx);
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
    override: defineRequiredRecordKeys,
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

function successResponse(success: SuccessSpec): ResponseObject {
  if (!success.schema) return { description: success.description };
  const schema =
    typeof success.schema === "string"
      ? schemaRef(success.schema)
      : { type: "array", items: schemaRef(success.schema.list) };
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

export function buildOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: "ColdMail AI API",
      version: "1.0.0",
      description: API_DESCRIPTION,
      // Private software: no public licence text to link to (the app has no terms page), so an SPDX
      // reference of its own instead of a URL.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
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
