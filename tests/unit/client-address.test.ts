import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddressFrom, normalizeIp } from "@/lib/http/client-address";
import { appendPeerAddress, installPeerAddress, isPeerAddressInstalled } from "@/lib/http/peer-address.mjs";

const direct = { trustedProxyHops: 0, onVercel: false };
const xff = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientAddressFrom (TRUSTED_PROXY_HOPS)", () => {
  it("takes the right-most entry (the connection's address, appended by the app's server) with no trusted proxy", () => {
    expect(clientAddressFrom(xff("203.0.113.9"), direct)).toBe("203.0.113.9");
    // Whatever the client wrote to the left of it is ignored.
    expect(clientAddressFrom(xff("1.2.3.4, 5.6.7.8, 198.51.100.7"), direct)).toBe("198.51.100.7");
  });

  it("counts N trusted proxies from the right", () => {
    // client-sent, real client (appended by the proxy), proxy (appended by the app's server)
    const chain = "6.6.6.6, 198.51.100.7, 10.0.0.2";
    expect(clientAddressFrom(xff(chain), { trustedProxyHops: 1, onVercel: false })).toBe("198.51.100.7");
    expect(clientAddressFrom(xff(`9.9.9.9, ${chain}`), { trustedProxyHops: 1, onVercel: false })).toBe("198.51.100.7");
    expect(
      clientAddressFrom(xff("6.6.6.6, 198.51.100.7, 10.0.0.3, 10.0.0.2"), { trustedProxyHops: 2, onVercel: false }),
    ).toBe("198.51.100.7");
  });

  it("uses the left-most entry when the list is shorter than the trusted hops (a request that bypassed the proxy)", () => {
    expect(clientAddressFrom(xff("203.0.113.9"), { trustedProxyHops: 2, onVercel: false })).toBe("203.0.113.9");
  });

  it("ignores x-real-ip and Vercel's headers unless VERCEL=1", () => {
    const headers = new Headers({
      "x-forwarded-for": "1.1.1.1, 203.0.113.9",
      "x-real-ip": "8.8.8.8",
      "x-vercel-forwarded-for": "9.9.9.9",
    });
    expect(clientAddressFrom(headers, direct)).toBe("203.0.113.9");
    expect(clientAddressFrom(headers, { trustedProxyHops: 0, onVercel: true })).toBe("9.9.9.9");
    expect(
      clientAddressFrom(new Headers({ "x-real-ip": "8.8.4.4", "x-forwarded-for": "1.1.1.1" }), {
        trustedProxyHops: 0,
        onVercel: true,
      }),
    ).toBe("8.8.4.4");
  });

  it("normalises addresses and refuses garbage", () => {
    expect(clientAddressFrom(xff("::ffff:127.0.0.1"), direct)).toBe("127.0.0.1");
    expect(clientAddressFrom(xff("[2001:db8::1]"), direct)).toBe("2001:db8::1");
    expect(clientAddressFrom(xff("1.2.3.4, not-an-ip"), direct)).toBe("unknown");
    expect(clientAddressFrom(new Headers(), direct)).toBe("unknown");
    expect(normalizeIp("127.1")).toBeNull();
    expect(normalizeIp("")).toBeNull();
  });
});

describe("peer address hook (lib/http/peer-address.mjs)", () => {
  let server: http.Server;
  let port: number;
  let seen: Array<string | undefined> = [];

  beforeAll(async () => {
    installPeerAddress();
    installPeerAddress(); // idempotent
    server = http.createServer((req, res) => {
      seen.push(req.headers["x-forwarded-for"] as string | undefined);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function send(headers: Record<string, string>) {
    seen = [];
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
    await res.text();
    return seen[0];
  }

  it("is installed once on http.Server", () => {
    expect(isPeerAddressInstalled()).toBe(true);
  });

  it("makes the connection's address the right-most entry, even when the client sent its own", async () => {
    expect(await send({})).toBe("127.0.0.1");
    const spoofed = await send({ "x-forwarded-for": "203.0.113.50" });
    expect(spoofed).toBe("203.0.113.50, 127.0.0.1");
    expect(clientAddressFrom(xff(spoofed!), direct)).toBe("127.0.0.1");
  });

  it("appendPeerAddress joins repeated headers and falls back to 'unknown' without a socket address", () => {
    const req = { headers: { "x-forwarded-for": "1.1.1.1" }, socket: { remoteAddress: "10.9.8.7" } };
    appendPeerAddress(req as never);
    expect(req.headers["x-forwarded-for"]).toBe("1.1.1.1, 10.9.8.7");
    const bare = { headers: {} as Record<string, string>, socket: {} };
    appendPeerAddress(bare as never);
    expect(bare.headers["x-forwarded-for"]).toBe("unknown");
  });
});
