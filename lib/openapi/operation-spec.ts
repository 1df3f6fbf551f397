/** The shape of an operation of the OpenAPI registry, its tags and the helpers the operation files share. */
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { ResponseSchemaName } from "./components";

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call an operation:
 * - `public`: anyone; `optional`: anyone, and the caller is known when signed in;
 * - `user`: a session (cookie, `x-auth-token` or Bearer) or an API key; `admin`: the same, for an admin;
 * - `session`: a session only (an API key is answered 403); `cron`: `Authorization: Bearer $CRON_SECRET`;
 * - `stripe`: Stripe's signed webhook.
 */
export type Access = "public" | "optional" | "user" | "session" | "admin" | "cron" | "stripe";

export const TAGS = [
  {
    name: "Auth",
    description:
      "Accounts and sessions. A session token from login or e-mail verification authenticates every other call.",
  },
  {
    name: "AI configuration",
    description: "The generator's settings, provider connections (API keys of OpenAI or Anthropic) and models.",
  },
  { name: "Generation", description: "One e-mail at a time, or bulk batches that run in the background." },
  { name: "Templates", description: "Saved AI configurations." },
  { name: "CSV", description: "Imported prospect lists: files, rows, columns and cheap change polling." },
  { name: "Tickets", description: "The caller's support tickets." },
  { name: "Preferences", description: "The caller's screen settings, kept on the server so they follow the user." },
  {
    name: "Webhooks",
    description: "Sending rows to Make (scenario webhook, optionally signed) and Zapier. See “Webhook signatures”.",
  },
  {
    name: "Sending tools",
    description:
      "Keys of Instantly, Smartlead, lemlist (sending tools) and ZeroBounce (address checks), and pushes of generated rows into a campaign, with a receipt per row.",
  },
  {
    name: "Address checks",
    description:
      "Checks of a file's e-mail addresses (syntax, duplicates, disposable domains, role accounts, the domain's MX; with a ZeroBounce key, a deep check), written to its Email Status column.",
  },
  { name: "Pricing", description: "Promo codes, checkout and licence keys." },
  { name: "Admin", description: "Back office. Admins only." },
  {
    name: "API keys",
    description: "Keys for external programs. Managing keys needs a session: a key cannot create, list or revoke keys.",
  },
  {
    name: "System",
    description: "Health, the cron entry point, this document, and hooks for payments and local development.",
  },
] as const;
type Tag = (typeof TAGS)[number]["name"];

/** An error code the operation can answer with; a pair gives a status other than the code's usual one. */
export type ErrorSpec = ErrorCode | readonly [ErrorCode, number];

export interface SuccessSpec {
  status?: number;
  description: string;
  /** A named schema (`#/components/schemas/<name>`), or a list of them. */
  schema?: ResponseSchemaName | { list: ResponseSchemaName };
  example?: unknown;
}

export interface OperationSpec {
  method: HttpMethod;
  /** With `{param}` placeholders, as in OpenAPI. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  body?: z.core.$ZodType;
  bodyExample?: unknown;
  query?: z.ZodObject;
  success: SuccessSpec;
  /** Non-error answers besides the success one (e.g. the health check's 503). */
  otherResponses?: readonly (SuccessSpec & { status: number })[];
  /** Codes beyond the defaults (see `defaultErrors` in error-responses.ts). */
  errors?: readonly ErrorSpec[];
  /**
   * Documented ahead of its route file, which another branch adds. The route-walk
   * test tolerates a missing route file for these only; once the file exists the strict check applies.
   */
  ahead?: boolean;
}

export const ok = (description: string, schema?: SuccessSpec["schema"], example?: unknown): SuccessSpec => ({
  description,
  schema,
  example,
});
export const created = (description: string, schema: SuccessSpec["schema"], example?: unknown): SuccessSpec => ({
  status: 201,
  description,
  schema,
  example,
});
