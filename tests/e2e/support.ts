import http from "node:http";
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";

/** Meets every password rule (length, lowercase, uppercase, number, special). */
export const STRONG_PASSWORD = "Str0ng!Passw0rd";
/** A second strong password, e.g. for the reset flow. */
export const NEW_PASSWORD = "N3w!Passw0rd#2";

/** The one address the e2e server treats as an admin (ADMIN_EMAILS in playwright.config.ts). */
export const ADMIN_EMAIL = "admin@e2e.test";

let counter = 0;

/** A lower-case address nobody else in this run uses (workers run in separate processes). */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}-${rand}@e2e.test`;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export type LinkKind = "verify-email" | "reset-password";

/** Every message in the dev outbox for one address, newest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(res.ok(), `GET /api/dev/mailbox -> ${res.status()}`).toBe(true);
  return (await res.json()) as Mail[];
}

/**
 * Waits for the newest message to `email` (optionally: the newest one carrying a
 * verify-email / reset-password link, and only once at least `minCount` such mails exist).
 */
export async function latestMail(
  request: APIRequestContext,
  email: string,
  options: { kind?: LinkKind; minCount?: number } = {},
): Promise<Mail> {
  const { kind, minCount = 1 } = options;
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        const all = await mailsTo(request, email);
        found = kind ? all.filter((m) => m.text.includes(`/${kind}/`)) : all;
        return found.length;
      },
      { message: `waiting for ${minCount} ${kind ?? ""} mail(s) to ${email}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(minCount);
  return found[0]!;
}

/** The absolute verify-email / reset-password URL in a message's text. */
export function linkFrom(mail: Mail, kind: LinkKind): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+/${kind}/[^\\s]+`));
  if (!match) throw new Error(`no ${kind} link in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

/** The token at the end of a verify-email / reset-password URL. */
export function tokenFrom(url: string): string {
  return new URL(url).pathname.split("/").pop()!;
}

/** Registers through the API; the account stays unverified. */
export async function registerUnverified(
  request: APIRequestContext,
  user: { name?: string; email?: string; password?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const account = {
    name: user.name ?? "E2E User",
    email: user.email ?? uniqueEmail(),
    password: user.password ?? STRONG_PASSWORD,
  };
  // Every visitor registers from an address of their own (the app allows 20 registrations per IP
  // per minute, and the whole suite runs on one machine): a loopback source address per call.
  const res = await postJsonFrom(randomLoopback(), "/api/auth/register", account);
  expect(res.status, res.text).toBe(201);
  return account;
}

/** A random address of 127.0.0.0/8 other than 127.0.0.1 (every one of them reaches this machine). */
export function randomLoopback(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/**
 * POSTs JSON to the app under test from a given local (loopback) source address: the server sees
 * that address as the connection's, i.e. as a client of its own. `headers` may add or override
 * request headers (e.g. a spoofed X-Forwarded-For).
 */
export async function postJsonFrom(
  localAddress: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const base = new URL(test.info().project.use.baseURL!);
  const body = JSON.stringify(data);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: base.port,
        path,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: base.origin,
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Registers through the API and verifies the address with the mailed link. Verifying signs
 * the account in: pass `page.request` to leave the page's browser context signed in (it
 * shares the cookie jar), or the `request` fixture to stay signed out in the browser.
 */
export async function registerVerified(
  request: APIRequestContext,
  user: { name?: string; email?: string; password?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const account = await registerUnverified(request, user);
  const link = linkFrom(await latestMail(request, account.email, { kind: "verify-email" }), "verify-email");
  const res = await request.get(`/api/auth/verify-email/${tokenFrom(link)}`);
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Signs in through the login screen (does not assert where it lands). */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The admin account's display name (see ensureAdminAccount). */
export const ADMIN_NAME = "E2E Admin";

/**
 * Signs `request` in as the admin (ADMIN_EMAIL, STRONG_PASSWORD), creating and verifying the
 * account first when it does not exist yet. Every run has a fresh database and spec files run in
 * parallel workers, so whichever test needs the admin first creates it: a duplicate registration
 * is answered 201 too, and verifying an already verified address answers 400, both harmless.
 */
export async function ensureAdminAccount(
  request: APIRequestContext,
): Promise<{ name: string; email: string; password: string }> {
  const account = { name: ADMIN_NAME, email: ADMIN_EMAIL, password: STRONG_PASSWORD };
  const login = () => request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  if ((await login()).ok()) return account;
  const reg = await request.post("/api/auth/register", { data: account });
  expect(reg.status(), await reg.text()).toBe(201);
  const link = linkFrom(await latestMail(request, account.email, { kind: "verify-email" }), "verify-email");
  const verified = await request.get(`/api/auth/verify-email/${tokenFrom(link)}`);
  expect([200, 400], await verified.text()).toContain(verified.status());
  await expect.poll(async () => (await login()).status(), { message: "admin login", timeout: 15_000 }).toBe(200);
  return account;
}

export interface AdminSession {
  /** A browser context of its own, signed in as the admin (close it when done). */
  context: BrowserContext;
  page: Page;
  /** The admin's API token (for x-auth-token / Bearer calls). */
  token: string;
  name: string;
  email: string;
}

/**
 * A new browser context signed in as admin@e2e.test, whatever spec or test runs first: the
 * account is registered and verified on first use, otherwise it just signs in. Pass context
 * options for e.g. a phone-sized viewport.
 */
export async function adminSession(browser: Browser, options: BrowserContextOptions = {}): Promise<AdminSession> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  const account = await ensureAdminAccount(context.request);
  // Signed in by ensureAdminAccount already; once more to learn the token (the cookie stays).
  const res = await context.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { context, page: await context.newPage(), token, name: account.name, email: account.email };
}
