import { expect, test, type Page } from "@playwright/test";
import { postJsonFrom, randomLoopback, registerVerified } from "./support";

/** Issue 17 on the real server: headers and CSP in a browser, server actions from elsewhere, the client address. */

const TEST_MODE_BANNER = "Test mode: e-mails go to the outbox, payments are simulated";

/** Collects CSP violations (the DOM event) and console errors from the moment the page starts. */
async function watchViolations(page: Page) {
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    async violations() {
      const dom = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      return [
        ...dom,
        ...consoleErrors.filter((t) => /Content Security Policy|Refused to (execute|load|apply)/i.test(t)),
      ];
    },
  };
}

test(
  "every response carries the security headers; pages render and hydrate under the CSP",
  { tag: "@pglite" },
  async ({ page, request }) => {
    for (const path of ["/login", "/api/health", "/icon.svg"]) {
      const res = await request.get(path);
      const h = res.headers();
      expect(h["x-frame-options"], path).toBe("DENY");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      // Pages and files: the nonce policy; API answers (JSON, never rendered) load nothing at all.
      expect(h["content-security-policy"], path).toMatch(
        path.startsWith("/api/")
          ? /^default-src 'none'; frame-ancestors 'none'$/
          : /script-src 'self' 'nonce-[^']+' 'strict-dynamic'; .*frame-ancestors 'none'/,
      );
      expect(h["content-security-policy"], path).not.toContain("unsafe-eval");
    }

    const watch = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of ["/login", "/register", "/pricing"]) {
      const res = await page.goto(path);
      const csp = res!.headers()["content-security-policy"]!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      nonces.add(nonce);
      // Next's own scripts carry this request's nonce.
      const scripts = await page
        .locator("script")
        .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const n of scripts) expect(n, path).toBe(nonce);
      // A static chunk has the headers too.
      const chunk = await page.locator("script[src]").first().getAttribute("src");
      expect((await request.get(chunk!)).headers()["x-content-type-options"]).toBe("nosniff");
    }
    expect(nonces.size).toBe(3);

    // Hydrated: the login form's client-side rule answers without a request.
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please fill in all fields")).toBeVisible();
    expect(await watch.violations()).toEqual([]);
  },
);

test("the build's scripts are served precompressed: brotli, else gzip, with Next's headers", async ({
  page,
  request,
}) => {
  // In the browser: every script of the page arrives as brotli (Chromium accepts br even over http://localhost).
  const encodings: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/_next/static/") && res.request().resourceType() === "script")
      encodings.push(res.headers()["content-encoding"] ?? "none");
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(encodings.length).toBeGreaterThan(3);
  expect(new Set(encodings)).toEqual(new Set(["br"]));

  const chunk = (await page.locator("script[src]").first().getAttribute("src"))!;
  expect(chunk).toMatch(/^\/_next\/static\/.+\.js$/);
  const plain = await request.get(chunk, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined(); // left to Next
  const br = await request.get(chunk, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
  const gz = await request.get(chunk, { headers: { "accept-encoding": "gzip, br;q=0" } });
  for (const [res, coding] of [
    [br, "br"],
    [gz, "gzip"],
  ] as const) {
    const h = res.headers();
    expect(res.status()).toBe(200);
    expect(h["content-encoding"]).toBe(coding);
    expect(h["vary"]).toBe("Accept-Encoding");
    expect(h["content-type"]).toBe(plain.headers()["content-type"]);
    expect(h["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(h["cache-control"]).toBe(plain.headers()["cache-control"]);
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(Number(h["content-length"])).toBeLessThan((await plain.body()).length / 2);
    expect((await res.body()).equals(await plain.body())).toBe(true); // decoded by the client: the same file
  }
  const again = await request.get(chunk, {
    headers: { "accept-encoding": "br", "if-none-match": br.headers()["etag"]! },
  });
  expect(again.status()).toBe(304);
});

test("the app's own pages pass the origin check on their own (no Origin added by the tests)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: {} });
  try {
    await registerVerified(context.request, { name: "Origin Check" }); // verifying signs the context in
    const page = await context.newPage();
    await page.goto("/dashboard");
    const signOut = page.waitForResponse((res) => res.url().endsWith("/api/auth/sign-out"));
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    expect((await signOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.request.get("/api/auth/me")).status()).toBe(401);
  } finally {
    await context.close();
  }
});

test("the test-mode banner shows exactly on a deployment with ALLOW_TEST_DRIVERS", async ({ page }) => {
  await page.goto("/login");
  const banner = page.getByText(TEST_MODE_BANNER, { exact: true });
  if (process.env.E2E_DATABASE_URL) await expect(banner).toBeVisible();
  else await expect(banner).toHaveCount(0);
});

test.describe("server action calls from another origin", () => {
  /**
   * The test checkout page's server action as a form without JavaScript posts it: the hidden
   * fields React renders into the form (`$ACTION_REF_…`, `$ACTION_…:0` for an action with bound
   * values, or `$ACTION_ID_…`), read from the server-rendered HTML.
   */
  async function actionForm(page: Page) {
    const checkout = await page.request.post("/api/pricing/checkout", { data: { planId: "lifetime" } });
    expect(checkout.status(), await checkout.text()).toBe(200);
    const url = new URL((await checkout.json()).url as string);
    const sessionId = url.pathname.split("/").pop()!;
    const html = await (await page.request.get(url.pathname)).text();
    const decode = (v: string) =>
      v
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    const fields = [...html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]+)"(?: value="([^"]*)")?/g)].map(
      (m) => [m[1]!, decode(m[2] ?? "")] as const,
    );
    expect(fields.length, "the form's server action fields").toBeGreaterThan(0);
    return { path: url.pathname, sessionId, fields };
  }

  async function postForm(
    path: string,
    fields: ReadonlyArray<readonly [string, string]>,
    headers: Record<string, string>,
  ) {
    const base = new URL(test.info().project.use.baseURL!);
    const boundary = "----e2eboundary";
    const body =
      fields
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") + `--${boundary}--\r\n`;
    const http = await import("node:http");
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: base.port,
          path,
          method: "POST",
          headers: {
            host: base.host,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  test("is refused with 403 {msg, code: forbidden} and does not run; the app's own origin runs it", async ({
    page,
    request,
  }) => {
    const { path, sessionId, fields } = await actionForm(page);
    const base = new URL(test.info().project.use.baseURL!);
    const variants: Record<string, string>[] = [
      { origin: "https://evil.example" },
      {},
      { origin: "null" },
      { "next-action": "0123abcd", "sec-fetch-site": "cross-site" },
    ];
    for (const headers of variants) {
      const res = await postForm(path, fields, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.text)).toMatchObject({ code: "forbidden", msg: expect.any(String) });
    }
    expect((await request.get(`/api/pricing/verify-payment/${sessionId}`)).status()).toBe(402);

    const own = await postForm(path, fields, { origin: base.origin });
    expect(own.status).toBeLessThan(400);
    expect((await request.get(`/api/pricing/verify-payment/${sessionId}`)).status()).toBe(200);
  });
});

test("a spoofed X-Forwarded-For does not escape the per-IP login limit", async () => {
  // A client of its own (a loopback source address), so no other test shares its limits.
  const client = randomLoopback();
  const attempt = () =>
    postJsonFrom(
      client,
      "/api/auth/login",
      { email: `spray-${Math.random().toString(36).slice(2)}@e2e.test`, password: "Wr0ng!Password" },
      { "x-forwarded-for": randomLoopback() },
    );
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) statuses.push((await attempt()).status);
  expect(
    statuses.every((s) => s === 400),
    statuses.join(","),
  ).toBe(true);
  const refused = await attempt();
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.text)).toMatchObject({ code: "rate_limited" });
  // Another client is still heard.
  const other = await postJsonFrom(
    randomLoopback(),
    "/api/auth/login",
    { email: "nobody@e2e.test", password: "Wr0ng!Password" },
    { "x-forwarded-for": client },
  );
  expect(other.status).toBe(400);
});

test(
  "a credential that cannot be a token is a 401 on the real server, on every way it arrives",
  { tag: "@pglite" },
  async ({ request }) => {
    const hostile = ["%00", "abc%00def", "%ED%A0%80", "%ff", "a b", "x".repeat(2000)];
    for (const value of hostile) {
      const ways: Record<string, string>[] = [
        { "x-auth-token": value },
        { authorization: `Bearer ${value}` },
        { cookie: `better-auth.session_token=${value}` },
        { "x-auth-token": `cm_live_${value}` },
      ];
      for (const headers of ways) {
        for (const path of ["/api/auth/me", "/api/ai/config", "/csv"]) {
          const res = await request.get(path, { headers: { accept: "application/json", ...headers } });
          expect(res.status(), `${path} ${JSON.stringify(headers).slice(0, 50)}`).toBe(401);
          expect(await res.json()).toEqual({ msg: "Authentication failed", code: "session_invalid" });
        }
      }
    }
  },
);
