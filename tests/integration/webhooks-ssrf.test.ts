import type { LookupAddress } from "node:dns";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { postJson, WebhookTargetError } from "@/lib/webhooks/http-post";
import { startWebhookReceiver, trustReceiverCertificate, type WebhookReceiver } from "../fakes/webhook-receiver";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { hooksApi, rowsOf, setWebhookEnv } from "../support/webhooks";

// SSRF guard of postJson: the DNS answer is checked at connect time, and every redirect target
// is checked again. Offline there is no public host to start from, so two seams are used:
//  - node:dns is mocked for a few *.test names (any other name goes to the real resolver), which
//    stands in for a public name that resolves (or re-binds) to a private address;
//  - for the redirect tests, `publicLoopback` makes 127.0.0.1 count as public so the receiver can
//    be an allowed first hop; everything else (169.254/16, 10/8, localhost, mapped forms) keeps the
//    real policy. What cannot be shown offline: a real public first hop, and a real DNS server
//    answering differently between the save-time check and the connect-time lookup.

const seams = vi.hoisted(() => ({ dns: new Map<string, LookupAddress[]>(), publicLoopback: false }));

vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns")>();
  const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const answer = seams.dns.get(hostname);
    if (!answer) return real.lookup(hostname, options as never, callback as never);
    queueMicrotask(() =>
      options.all ? callback(null, answer) : callback(null, answer[0]!.address, answer[0]!.family),
    );
  };
  return { ...real, lookup, default: { ...real, lookup } };
});

vi.mock("@/lib/webhooks/address-policy", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/webhooks/address-policy")>();
  return {
    ...real,
    isForbiddenAddress: (a: string) => (seams.publicLoopback && a === "127.0.0.1" ? false : real.isForbiddenAddress(a)),
  };
});

const PRIVATE = /private, local and metadata addresses are refused/;
const strict = { timeoutMs: 2_000, allowPrivate: false, requireHttps: false };
const lenient = { ...strict, allowPrivate: true };
const v4 = (address: string): LookupAddress => ({ address, family: 4 });

let rx: WebhookReceiver;
let tlsRx: WebhookReceiver;
beforeAll(async () => {
  await setupTestDatabase();
  trustReceiverCertificate();
  rx = await startWebhookReceiver();
  tlsRx = await startWebhookReceiver({ tls: true });
  seams.dns.set("rebind.test", [v4("127.0.0.1")]);
  seams.dns.set("mixed.test", [v4("93.184.216.34"), v4("10.0.0.5")]);
  seams.dns.set("internal.test", [v4("10.0.0.5")]);
});
beforeEach(() => {
  rx.reset();
  tlsRx.reset();
});
afterEach(() => {
  seams.publicLoopback = false;
});
afterAll(async () => {
  await rx?.close();
  await tlsRx?.close();
  await closeDatabase();
});

describe("connect-time DNS guard", () => {
  it("refuses a public-looking name that resolves to loopback; the same call reaches it when private targets are allowed", async () => {
    const url = `http://rebind.test:${rx.port}/hook`;
    const refused = postJson(url, "{}", {}, strict);
    await expect(refused).rejects.toBeInstanceOf(WebhookTargetError);
    await expect(refused).rejects.toThrow(PRIVATE);
    expect(rx.requests).toHaveLength(0);

    expect((await postJson(url, "{}", {}, lenient)).status).toBe(200);
    expect(rx.requests).toHaveLength(1);
  });

  it("refuses a name when any of its addresses is private", async () => {
    await expect(postJson("http://mixed.test/hook", "{}", {}, strict)).rejects.toThrow(PRIVATE);
  });

  it("refuses localhost before any lookup, and reaches it (via /etc/hosts) only when allowed", async () => {
    const url = `http://localhost:${rx.port}/hook`;
    await expect(postJson(url, "{}", {}, strict)).rejects.toThrow(PRIVATE);
    expect(rx.requests).toHaveLength(0);
    expect((await postJson(url, "{}", {}, lenient)).status).toBe(200);
    expect(rx.requests).toHaveLength(1);
  });

  it.each(["127.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"])(
    "refuses the literal address %s without connecting",
    async (host) => {
      await expect(postJson(`http://${host}:${rx.port}/hook`, "{}", {}, strict)).rejects.toThrow(PRIVATE);
      expect(rx.requests).toHaveLength(0);
    },
  );
});

describe("redirects are checked again (127.0.0.1 treated as a public first hop)", () => {
  beforeEach(() => {
    seams.publicLoopback = true;
  });

  it("the first hop is allowed, and a redirect to another allowed target is followed", async () => {
    rx.respondWith({ status: 307, location: "/next" });
    expect((await postJson(rx.url, "{}", {}, strict)).status).toBe(200);
    expect(rx.requests.map((r) => r.path)).toEqual(["/hook", "/next"]);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/admin",
    "http://localhost/",
    "http://[::1]/",
    "http://[::ffff:169.254.169.254]/latest",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://internal.test/", // resolves to 10.0.0.5: refused by the connect-time guard
  ])("refuses a redirect to %s", async (location) => {
    rx.respondWith({ status: 302, location });
    await expect(postJson(rx.url, "{}", {}, strict)).rejects.toThrow(PRIVATE);
    expect(rx.requests).toHaveLength(1);
  });

  it("refuses a downgrade from https to http when https is required", async () => {
    tlsRx.respondWith({ status: 307, location: `http://127.0.0.1:${rx.port}/plain` });
    await expect(postJson(tlsRx.url, "{}", {}, { ...strict, requireHttps: true })).rejects.toThrow(
      "Webhook URLs must use https://",
    );
    expect(tlsRx.requests).toHaveLength(1);
    expect(rx.requests).toHaveLength(0);
  });
});

describe("through the app (ALLOW_PRIVATE_WEBHOOKS=0)", () => {
  it("a saved host name that resolves to a private address is refused when sending", async () => {
    setWebhookEnv({ allowPrivate: "0" });
    const user = await newUser("ssrf");
    // The name passes the save-time check (no address is known yet); https so it also saves outside local mode.
    const saved = await hooksApi.saveMake(user, {
      webhookUrl: `https://rebind.test:${tlsRx.port}/hook`,
      webhookSecret: "x",
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await hooksApi.sendMake(user, { data: rowsOf(2) });
    expect(res.status).toBe(502);
    expect(res.json.msg).toMatch(PRIVATE);
    const test = await hooksApi.testMake(user);
    expect(test.json.msg).toMatch(PRIVATE);
    expect(tlsRx.requests).toHaveLength(0);
    expect(rx.requests).toHaveLength(0);
  });
});
