import "server-only";
import { env } from "@/lib/env";
import type { EmailStatus } from "@/lib/email-checks/statuses";
import { callTool, toolMessage } from "../tool-http";
import { KeyRefusedError, refuseBadKey } from "./errors";

/** ZEROBOUNCE_BASE_URL replaces both of its hosts; unset, the API host or the bulk host. */
const zeroBounceBase = (host: "api" | "bulkapi") =>
  (env().toolBaseUrls.zerobounce ?? `https://${host}.zerobounce.net`).replace(/\/+$/, "");

/** A key is refused when `GET /v2/getcredits` answers Credits below 0 or an `error` field. */
export async function checkZeroBounceKey(apiKey: string): Promise<void> {
  const answer = await callTool(
    { method: "GET", url: `${zeroBounceBase("api")}/v2/getcredits?api_key=${encodeURIComponent(apiKey)}` },
    { service: "zerobounce", apiKey, limits: [{ requests: 60, windowMs: 1000 }] },
  );
  const body = (answer.body ?? {}) as { Credits?: string | number; error?: string };
  const credits = Number(body.Credits);
  if (answer.status >= 300 || body.error !== undefined || !Number.isFinite(credits) || credits < 0)
    throw new KeyRefusedError(
      "zerobounce",
      body.error ? toolMessage(body.error, apiKey) : `Credits ${String(body.Credits)}`,
    );
}

/** validatebatch: at most 200 addresses a call, at most 5 calls a minute per key. */
export const ZEROBOUNCE_BATCH = 200;
const VALIDATE_LIMITS = [{ requests: 5, windowMs: 60_000 }];

/** ZeroBounce's statuses by name; any other (or none) is `unknown`. */
const STATUS_OF: Record<string, EmailStatus> = {
  valid: "valid",
  invalid: "invalid",
  "catch-all": "catch_all",
  unknown: "unknown",
  spamtrap: "spamtrap",
  abuse: "abuse",
  do_not_mail: "do_not_mail",
};

/** The batch could not be validated (an answer other than 2xx, a key problem apart): the check fails with it. */
export class ZeroBounceRefusedError extends Error {
  constructor(detail: string) {
    super(`ZeroBounce refused the batch (${detail}).`);
    this.name = "ZeroBounceRefusedError";
  }
}

type ValidateAnswer = {
  email_batch?: { address?: unknown; status?: unknown }[];
  errors?: { error?: unknown; email_address?: unknown }[];
};

/**
 * `POST /v2/validatebatch` (the bulk host) for up to 200 addresses: each address's status, by the address in
 * lower case (an address left out of the answer is `unknown`). The key travels in the body, which is never
 * logged. A bad key or no credits (ZeroBounce answers them with HTTP 200 and an error for "all") throws
 * KeyRefusedError; another refusal ZeroBounceRefusedError; an unreachable tool ToolUnreachableError.
 */
export async function validateBatch(apiKey: string, emails: readonly string[]): Promise<Map<string, EmailStatus>> {
  const answer = await callTool(
    {
      method: "POST",
      url: `${zeroBounceBase("bulkapi")}/v2/validatebatch`,
      body: { api_key: apiKey, email_batch: emails.map((email_address) => ({ email_address, ip_address: "" })) },
    },
    { service: "zerobounce", apiKey, limits: VALIDATE_LIMITS },
  );
  refuseBadKey("zerobounce", answer, apiKey);
  if (answer.status < 200 || answer.status >= 300)
    throw new ZeroBounceRefusedError(`HTTP ${answer.status}: ${toolMessage(answer.body, apiKey)}`);
  const body = (answer.body ?? {}) as ValidateAnswer;
  const all = body.errors?.find((e) => e.email_address === "all");
  if (all) {
    const msg = toolMessage(all.error, apiKey);
    throw /key|credit/i.test(msg) ? new KeyRefusedError("zerobounce", msg) : new ZeroBounceRefusedError(msg);
  }
  const statuses = new Map<string, EmailStatus>();
  for (const item of body.email_batch ?? [])
    if (typeof item.address === "string")
      statuses.set(item.address.trim().toLowerCase(), STATUS_OF[String(item.status)] ?? "unknown");
  return new Map(emails.map((e) => [e.trim().toLowerCase(), statuses.get(e.trim().toLowerCase()) ?? "unknown"]));
}
