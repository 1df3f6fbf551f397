import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { CROSS_SITE_MESSAGE } from "@/lib/http/csrf";
import { contentSecurityPolicy } from "@/lib/http/security-headers";
import { proxy } from "@/proxy";

const APP = "http://localhost:3000";
const request = (path: string, init: ConstructorParameters<typeof NextRequest>[1] = {}) =>
  new NextRequest(`${APP}${path}`, init);

/** The nonce the proxy handed to the render (NextResponse.next request-header override). */
const nonceOf = (res: Response) => res.headers.get("x-middleware-request-x-nonce");

afterEach(() => {
  delete process.env.APP_URL;
  resetEnvForTests();
});

describe("security headers on every response", () => {
  it.each(["/", "/login", "/api/health", "/_next/static/chunks/main.js", "/icon.svg"])("%s", (path) => {
    const res = proxy(request(path));
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'(;|$)/);
    // Plain http: no HSTS, no upgrade-insecure-requests.
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("hands a fresh nonce per request to the render, the same one as in the policy", () => {
    const a = proxy(request("/"));
    const b = proxy(request("/"));
    expect(nonceOf(a)).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.headers.get("content-security-policy")).toContain(`'nonce-${nonceOf(a)}'`);
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(
      a.headers.get("content-security-policy"),
    );
  });

  it("ignores a nonce sent by the client", () => {
    const res = proxy(request("/", { headers: { "x-nonce": "attacker" } }));
    expect(nonceOf(res)).not.toBe("attacker");
  });

  it("adds HSTS (and upgrade-insecure-requests) when APP_URL is https", () => {
    process.env.APP_URL = "https://app.example.com";
    resetEnvForTests();
    const res = proxy(new NextRequest("https://app.example.com/"));
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("allows 'unsafe-eval' only for next dev", () => {
    expect(contentSecurityPolicy({ nonce: "n", appUrl: APP, development: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "n", appUrl: APP, development: false })).not.toContain("'unsafe-eval'");
  });
});

describe("server action calls", () => {
  const action = (headers: Record<string, string>, init: { body?: string; path?: string } = {}) =>
    proxy(request(init.path ?? "/dev/checkout/cs_test_x", { method: "POST", headers, body: init.body ?? "[]" }));

  it("are refused with 403 {msg, code: forbidden} from a foreign origin or without one", async () => {
    const variants: Record<string, string>[] = [
      { "next-action": "abc" },
      { "next-action": "abc", origin: "https://evil.example" },
      { "next-action": "abc", origin: "null" },
    ];
    for (const headers of variants) {
      const res = action(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ msg: CROSS_SITE_MESSAGE, code: "forbidden" });
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-middleware-next")).toBeNull();
    }
  });

  it("refuses a form post to a page (an action without JavaScript) from elsewhere", () => {
    const form = action({ "content-type": "application/x-www-form-urlencoded" }, { body: "%24ACTION_ID_abc=" });
    expect(form.status).toBe(403);
    const multipart = action({ "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" });
    expect(multipart.status).toBe(403);
  });

  it("let the app's own pages through", () => {
    expect(action({ "next-action": "abc", origin: APP }).headers.get("x-middleware-next")).toBe("1");
    expect(action({ "next-action": "abc", "sec-fetch-site": "same-origin" }).headers.get("x-middleware-next")).toBe(
      "1",
    );
    expect(
      action({ "content-type": "multipart/form-data; boundary=x", origin: APP }).headers.get("x-middleware-next"),
    ).toBe("1");
  });

  it("leave API routes to their own rules (token clients need no Origin)", () => {
    for (const path of ["/api/auth/login", "/auth/login", "/pricing/checkout"]) {
      expect(
        action({ "content-type": "application/x-www-form-urlencoded" }, { path }).headers.get("x-middleware-next"),
        path,
      ).toBe("1");
    }
  });
});
