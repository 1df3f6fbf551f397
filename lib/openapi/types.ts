/** The parts of an OpenAPI 3.1 document this app produces (and /docs/api renders). */

export type JsonSchema = { [key: string]: unknown };

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

interface RequestBodyObject {
  required?: boolean;
  description?: string;
  content: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  security: SecurityRequirement[];
  /** Who may call it: public, optional, user, session, admin, cron, stripe. */
  "x-access"?: string;
  /** The same operation without the /api prefix. */
  "x-also-at"?: string;
}

export type PathItemObject = Partial<Record<"get" | "post" | "put" | "patch" | "delete", OperationObject>>;

interface SecuritySchemeObject {
  type: "apiKey" | "http";
  description?: string;
  name?: string;
  in?: "header" | "cookie" | "query";
  scheme?: string;
  bearerFormat?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: {
    title: string;
    version: string;
    description: string;
    /** `identifier` is an SPDX expression (OpenAPI 3.1 wants it or `url`). */
    license: { name: string; identifier?: string; url?: string };
  };
  servers: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, PathItemObject>;
  webhooks: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
}

/** A reference to a named schema of the document (`#/components/schemas/<name>`). */
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
