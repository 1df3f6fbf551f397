import "server-only";
import { env } from "@/lib/env";
import { callTool, toolMessage } from "../tool-http";
import { KeyRefusedError } from "./errors";

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
