/**
 * Runs in every test worker before the test file (and so before any app module) loads.
 * lib/env.ts reads process.env lazily, so setting it here is enough.
 *
 * Local mode (no DATABASE_URL): DATA_DIR=memory gives each test file its own in-memory PGlite.
 * DATABASE_URL set: every file shares that database, so tests use unique e-mail addresses.
 */
import { readFileSync } from "node:fs";
import { inject } from "vitest";

const e = process.env;

if (!e.DATABASE_URL?.trim()) {
  e.DATA_DIR = "memory";
} else {
  // Never send real mail or talk to Stripe from tests.
  e.MAIL_DRIVER = "outbox";
  e.PAYMENTS_DRIVER = "test";
  e.ALLOW_TEST_DRIVERS = "1";
}
e.AUTH_SECRET ||= "test-auth-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
e.ENCRYPTION_KEY ||= "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
e.ADMIN_EMAILS ||= "admin@test.local";
// The model registry's "today" is pinned, so retirements announced in lib/ai/model-table.ts do not
// change what the suite sees as time passes (tests that are about dates inject their own clock).
e.MODEL_REGISTRY_DATE ||= "2026-11-24";
// Links in mails are asserted against the default APP_URL (http://localhost:3000).
delete e.APP_URL;
delete e.PORT;
// Structured logs (pino) through console.log, shown for failing tests only; below warn they would flood it.
e.LOG_LEVEL ||= "warn";
e.LOG_TO_CONSOLE = "1";

// Local mode, integration files: the database starts from the run's migrated image
// (tests/support/pglite-image.ts) instead of initdb and every migration. Last: lib/db reads env lazily.
const image = inject("pgliteImage");
if (e.DATA_DIR === "memory" && image) {
  const { seedMemoryDatabase } = await import("@/lib/db");
  seedMemoryDatabase(new Blob([readFileSync(image)]));
}
