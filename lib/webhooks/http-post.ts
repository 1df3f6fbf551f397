import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isForbiddenAddress, isForbiddenHostname } from "./address-policy";

export class WebhookTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookTargetError";
  }
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  requireHttps: boolean;
  maxRedirects?: number;
}

export interface PostResult {
  status: number;
  body: string;
}

const PRIVATE_MESSAGE =
  "Webhook URLs must point to a public internet address; private, local and metadata addresses are refused.";

/** Checks the scheme and host of a URL before (and after every redirect to) it is called. */
export function assertAllowedUrl(raw: string, options: Pick<PostOptions, "allowPrivate" | "requireHttps">): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError("Please enter a valid webhook URL (https://...)");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !options.requireHttps)) {
    throw new WebhookTargetError(
      options.requireHttps ? "Webhook URLs must use https://" : "Webhook URLs must use http:// or https://",
    );
  }
  if (url.username || url.password)
    throw new WebhookTargetError("Webhook URLs must not contain a user name or password");
  if (!options.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isForbiddenHostname(host) || (isIP(host) && isForbiddenAddress(host)))
      throw new WebhookTargetError(PRIVATE_MESSAGE);
  }
  return url;
}

/** DNS lookup that refuses forbidden addresses at connect time (so DNS rebinding cannot slip past). */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isForbiddenAddress(a.address))) {
        return callback(Object.assign(new WebhookTargetError(PRIVATE_MESSAGE), { code: "EFORBIDDEN" }), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult & { location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size <= 64 * 1024) chunks.push(c);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            location: res.headers.location,
          }),
        );
        res.on("error", reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new WebhookTimeoutError(options.timeoutMs)), options.timeoutMs);
    req.on("timeout", () => req.destroy(new WebhookTimeoutError(options.timeoutMs)));
    req.on("error", (e) => (clearTimeout(deadline), reject(e)));
    req.on("close", () => clearTimeout(deadline));
    req.end(body);
  });
}

export class WebhookTimeoutError extends Error {
  constructor(ms: number) {
    const seconds = Math.max(1, Math.round(ms / 1000));
    super(`The webhook did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`);
    this.name = "WebhookTimeoutError";
  }
}

/** POSTs JSON to a webhook, following up to `maxRedirects` redirects, each target checked again. */
export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  let url = assertAllowedUrl(rawUrl, options);
  for (let hop = 0; ; hop++) {
    const res = await postOnce(url, body, headers, options);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= (options.maxRedirects ?? 3)) throw new WebhookTargetError("The webhook redirected too many times");
      url = assertAllowedUrl(new URL(res.location, url).toString(), options);
      continue;
    }
    return { status: res.status, body: res.body };
  }
}
