import { readdirSync } from "node:fs";
import path from "node:path";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { callRoute } from "./http";

// The route files under app/api as the OpenAPI document names them, and a caller of one documented
// operation: shared by the document's tests (openapi.test.ts, response-schemas.test.ts).

const API_DIR = path.resolve(__dirname, "../../app/api");
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type RouteHandler = Parameters<typeof callRoute>[0];
export type RouteModule = Partial<Record<(typeof ROUTE_METHODS)[number], RouteHandler>>;

/** `app/api/ai/templates/[id]/route.ts` → `/api/ai/templates/{id}`; null for catch-alls. */
function openApiPathOf(file: string): string | null {
  const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
  if (segments.some((s) => s.startsWith("[..."))) return null;
  return `/api/${segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`.replace(/\/$/, "");
}

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every route file's path and module (the catch-all excepted). */
export async function loadRoutes(): Promise<Map<string, RouteModule>> {
  const routes = new Map<string, RouteModule>();
  for (const file of routeFiles()) {
    const apiPath = openApiPathOf(file);
    if (apiPath) routes.set(apiPath, (await import(file)) as RouteModule);
  }
  return routes;
}

export const operationKey = (method: string, apiPath: string) => `${method.toUpperCase()} ${apiPath}`;

/** Calls a documented operation's route handler: path parameters and body as given. */
export async function callOperation(
  routes: Map<string, RouteModule>,
  op: OperationSpec,
  request: { headers: Record<string, string>; params: (name: string) => string; body?: unknown; query?: string },
) {
  const handler = routes.get(op.path)?.[op.method.toUpperCase() as keyof RouteModule];
  if (!handler) throw new Error(`No handler for ${operationKey(op.method, op.path)}`);
  const params: Record<string, string> = {};
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params[name] = request.params(name)))) +
    (request.query ?? "");
  const withBody = op.method === "post" || op.method === "put" || op.method === "patch";
  const body = withBody ? (request.body ?? op.bodyExample ?? {}) : undefined;
  return callRoute(handler, { method: op.method.toUpperCase(), url, params, headers: request.headers, body });
}

/** The JSON Schema the document gives an operation's answer with this status (null: none documented). */
export function documentedSchema(doc: OpenApiDocument, op: OperationSpec, status: number): object | null {
  const response = doc.paths[op.path]?.[op.method]?.responses[String(status)];
  return (response?.content?.["application/json"]?.schema as object | undefined) ?? null;
}
