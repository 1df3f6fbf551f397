import { defineConfig, devices } from "@playwright/test";

// Driven by scripts/test.mjs, which hands over a fresh data directory (local mode) or a
// fresh PostgreSQL database for the server under test.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
/** The fake AI provider (tests/fakes) the app under test talks to; tests steer it via /__control. */
export const FAKE_PROVIDER_PORT = PORT + 50;
/**
 * The fake sending tools (tests/fakes): Instantly on this port, Smartlead on the next, lemlist on the one
 * after and ZeroBounce on the fourth; tests steer them via /__control.
 */
export const FAKE_TOOLS_PORT = PORT + 60;
/**
 * The fake DNS server of the address checks (tests/fakes/serve-fake-dns.ts): DNS over UDP on this port, and its
 * /__health over HTTP on TCP on the same port number (what the webServer check below waits for).
 */
export const FAKE_DNS_PORT = PORT + 70;
const stamp = process.env.E2E_STAMP ?? "manual";

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  APP_URL: baseURL,
  ADMIN_EMAILS: "admin@e2e.test",
  OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`,
  ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}`,
  INSTANTLY_BASE_URL: `http://127.0.0.1:${FAKE_TOOLS_PORT}`,
  SMARTLEAD_BASE_URL: `http://127.0.0.1:${FAKE_TOOLS_PORT + 1}`,
  LEMLIST_BASE_URL: `http://127.0.0.1:${FAKE_TOOLS_PORT + 2}`,
  ZEROBOUNCE_BASE_URL: `http://127.0.0.1:${FAKE_TOOLS_PORT + 3}`,
  // The address checks ask the fake DNS server only (fixed domains: tests/fakes/fake-dns-domains.ts).
  DNS_SERVERS: `127.0.0.1:${FAKE_DNS_PORT}`,
  // A name the fake holds (tests/e2e/email-check.spec.ts) keeps its check running this long at most.
  DNS_TIMEOUT_MS: "60000",
  NEXT_TELEMETRY_DISABLED: "1",
  // The model registry's "today" is pinned (as in the Vitest set-up): tests/e2e/model-guard.spec.ts relies on
  // gpt-5 shutting down within 30 days, and no test breaks when a listed model's date passes.
  MODEL_REGISTRY_DATE: "2026-11-24",
};
if (process.env.E2E_DATABASE_URL) {
  Object.assign(serverEnv, {
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    AUTH_SECRET: "e2e-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    ENCRYPTION_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
    MAIL_DRIVER: "outbox",
    PAYMENTS_DRIVER: "test",
    // A test deployment on PostgreSQL: the outbox and the test checkout must be allowed explicitly.
    ALLOW_TEST_DRIVERS: "1",
    // The tests' webhook receiver listens on plain http on 127.0.0.1.
    ALLOW_PRIVATE_WEBHOOKS: "1",
  });
} else {
  serverEnv.DATA_DIR = process.env.E2E_DATA_DIR ?? `.data/e2e-${stamp}`;
}

export default defineConfig({
  testDir: "tests/e2e",
  // Time limits catch hangs, not slowness: on a loaded two-core machine (two browsers, the server and
  // the fake provider) the longer journeys take 35–55 s, four times their time on an idle one.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // In CI (npm test --ci) a failed test runs once more; the summary lists every test that needed it.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // The app refuses cookie-authenticated changes without the app's own Origin (CSRF, lib/http/csrf.ts);
    // a browser sends it with every fetch, and the tests' API calls (request fixtures) play the same part.
    extraHTTPHeaders: { origin: baseURL },
    // Traces only where a test failed: recorded on the retry in CI, kept on failure otherwise.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: `node node_modules/tsx/dist/cli.mjs tests/fakes/serve-fake-provider.ts ${FAKE_PROVIDER_PORT}`,
      url: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/tsx/dist/cli.mjs tests/fakes/serve-fake-sending-tools.ts ${FAKE_TOOLS_PORT}`,
      url: `http://127.0.0.1:${FAKE_TOOLS_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node node_modules/tsx/dist/cli.mjs tests/fakes/serve-fake-dns.ts ${FAKE_DNS_PORT}`,
      url: `http://127.0.0.1:${FAKE_DNS_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/start.mjs",
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...(process.env as Record<string, string>), ...serverEnv },
    },
  ],
});
