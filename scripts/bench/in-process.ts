// The set-up the in-process benches share (bench:bulk, bench:push, bench:check): the app's services run in this
// process, on an in-memory embedded database (local mode) or on DATABASE_URL.
import { randomBytes, randomUUID } from "node:crypto";

/**
 * Local mode in memory unless DATABASE_URL is set (then the outbox and the test checkout, allowed), and fresh
 * secrets. Call it before any app module is imported: they read the environment lazily.
 */
export function inProcessEnv(): void {
  const e = process.env;
  if (!e.DATABASE_URL?.trim()) e.DATA_DIR = "memory";
  else {
    e.MAIL_DRIVER ||= "outbox";
    e.PAYMENTS_DRIVER ||= "test";
    if (e.MAIL_DRIVER === "outbox" || e.PAYMENTS_DRIVER === "test") e.ALLOW_TEST_DRIVERS ||= "1";
  }
  e.AUTH_SECRET ||= `bench-${randomBytes(24).toString("hex")}`;
  e.ENCRYPTION_KEY ||= randomBytes(32).toString("hex");
}

/** A fresh verified lifetime user (no daily credit limit); its id. */
export async function benchUserId(): Promise<string> {
  const { db } = await import("@/lib/db");
  const { users } = await import("@/lib/db/schema");
  const id = randomUUID();
  await db
    .insert(users)
    .values({ id, name: "Bench", email: `bench-${id}@example.test`, emailVerified: true, subscription: "lifetime" });
  return id;
}
