import { handle } from "@/lib/http/handlers";
import { json } from "@/lib/http/respond";
import { getOpenApiDocument } from "@/lib/openapi/document";

/** The OpenAPI 3.1 document of this API (public; built once per process). */
export const GET = handle(async () => json(getOpenApiDocument(), 200, { "cache-control": "public, max-age=300" }));
