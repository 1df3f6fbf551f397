/** The error answers an operation documents: its kind's defaults plus its own codes, by status. */
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import type { ErrorSpec, OperationSpec } from "./operation-spec";
import { schemaRef, type ResponseObject } from "./types";

/** Codes every operation of a kind can answer with. */
function defaultErrors(op: OperationSpec): ErrorSpec[] {
  const codes: ErrorSpec[] = [];
  if (op.body || op.query) codes.push("invalid_input");
  // Every route's cross-site rules (lib/http/csrf.ts): a state-changing request carrying the session
  // cookie from another site is a 403, and one with a body that is not JSON a 400 (the Stripe
  // webhook's signed body excepted).
  if (op.method !== "get") {
    codes.push("forbidden");
    if (op.access !== "stripe") codes.push("invalid_input");
  }
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

export function errorResponses(op: OperationSpec): Record<string, ResponseObject> {
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
          schema: schemaRef("Error"),
          examples: Object.fromEntries(list.map((code) => [code, { value: { msg: SAMPLE_MESSAGES[code], code } }])),
        },
      },
    };
  }
  return out;
}
