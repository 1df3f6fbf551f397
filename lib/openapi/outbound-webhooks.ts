/** The document's introduction, and the outbound webhook requests (Make, Zapier) it describes. */
import type { ParameterObject, PathItemObject } from "./types";

export const API_DESCRIPTION = `The HTTP API of ColdMail AI. Requests and answers are JSON.

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

export function webhookOperation(
  operationId: string,
  summary: string,
  description: string,
  example: unknown,
): PathItemObject {
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
