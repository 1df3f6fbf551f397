/** The rules of the configuration: the variables read, and the checks of each part (used by ./env.ts). */
import { randomBytes } from "node:crypto";
import { accessSync, constants as fsConstants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

export const rawSchema = z.object({
  NODE_ENV: optionalString,
  PORT: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  AUTH_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString,
  APP_URL: optionalString,
  ADMIN_EMAILS: optionalString,
  RESEND_API_KEY: optionalString,
  MAIL_FROM: optionalString,
  MAIL_DRIVER: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  PAYMENTS_DRIVER: optionalString,
  STRIPE_API_URL: optionalString,
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_BASE_URL: optionalString,
  INSTANTLY_BASE_URL: optionalString,
  SMARTLEAD_BASE_URL: optionalString,
  LEMLIST_BASE_URL: optionalString,
  ZEROBOUNCE_BASE_URL: optionalString,
  ZAPIER_HOOK_PREFIX: optionalString,
  ALLOW_PRIVATE_WEBHOOKS: optionalString,
  GENERATION_CONCURRENCY: optionalString,
  DNS_SERVERS: optionalString,
  DNS_TIMEOUT_MS: optionalString,
  BATCH_MAX_REQUESTS: optionalString,
  ALLOW_TEST_DRIVERS: optionalString,
  TRUSTED_PROXY_HOPS: optionalString,
  // Deployment (issue 18): worker modes, cron, Vercel, pool size, logs.
  WORKER_MODE: optionalString,
  CRON_SECRET: optionalString,
  MODEL_REGISTRY_DATE: optionalString,
  CRON_BUDGET_SECONDS: optionalString,
  DATABASE_POOL_MAX: optionalString,
  DATABASE_URL_UNPOOLED: optionalString,
  VERCEL: optionalString,
  VERCEL_ENV: optionalString,
  VERCEL_URL: optionalString,
  VERCEL_PROJECT_PRODUCTION_URL: optionalString,
});

export type MailDriverName = "resend" | "outbox";
export type PaymentsDriverName = "stripe" | "test";
const WORKER_MODES = ["inline", "off", "cron"] as const;
/**
 * inline: the worker runs in the app process; off: web only (`npm run worker` processes); cron: `/api/cron/work` calls.
 */
export type WorkerMode = (typeof WORKER_MODES)[number];

export type RawEnv = z.output<typeof rawSchema>;

export class ConfigError extends Error {
  constructor(
    public readonly variable: string,
    message: string,
  ) {
    super(`Configuration error: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

const MEMORY = "memory";

/** Local mode writes its database and secrets under DATA_DIR: a read-only disk stops startup naming DATABASE_URL. */
function assertWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, fsConstants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "not writable";
    throw new ConfigError(
      "DATABASE_URL",
      `is required here: local mode keeps its embedded database in ${dataDir}, which cannot be written (${code}); set DATABASE_URL to a PostgreSQL connection string (or DATA_DIR to a writable directory)`,
    );
  }
}

function positiveInteger(variable: string, value: string | undefined, fallback: number, max: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new ConfigError(variable, `must be a whole number between 1 and ${max}`);
  return n;
}

/** APP_URL, else the Vercel deployment's own URL (production: the project's production domain), else localhost. */
function defaultAppUrl(raw: RawEnv, port: number): string {
  if (raw.VERCEL_ENV === "production" && raw.VERCEL_PROJECT_PRODUCTION_URL)
    return `https://${raw.VERCEL_PROJECT_PRODUCTION_URL}`;
  if (raw.VERCEL_URL) return `https://${raw.VERCEL_URL}`;
  return `http://localhost:${port}`;
}

function decodeKey(value: string, variable: string): Buffer {
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : null;
  const key = hex ?? Buffer.from(value, "base64");
  if (key.length !== 32) {
    throw new ConfigError(variable, "must be 32 bytes, written as 64 hex characters or base64");
  }
  return key;
}

interface LocalSecrets {
  authSecret: string;
  encryptionKey: string;
}

let memorySecrets: LocalSecrets | undefined;

/** Secrets for local mode: generated on first start and kept in DATA_DIR/secrets.json. */
function loadLocalSecrets(dataDir: string): LocalSecrets {
  const fresh = (): LocalSecrets => ({
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("base64"),
  });
  if (dataDir === MEMORY) return (memorySecrets ??= fresh());
  const file = path.join(/*turbopackIgnore: true*/ dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets = fresh();
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function pickDriver<T extends string>(
  variable: string,
  forced: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (forced === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(forced)) {
    throw new ConfigError(variable, `must be one of: ${allowed.join(", ")}`);
  }
  return forced as T;
}

/** Where the app keeps its data and runs its work: local mode (no DATABASE_URL) or PostgreSQL. */
export function storageOf(raw: RawEnv) {
  const localMode = raw.DATABASE_URL === undefined;
  const port = Number(raw.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0) throw new ConfigError("PORT", "must be a port number");
  const dataDir = raw.DATA_DIR === MEMORY ? MEMORY : path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR ?? ".data");
  const onVercel = raw.VERCEL === "1";
  const workerMode =
    pickDriver<WorkerMode>("WORKER_MODE", raw.WORKER_MODE, WORKER_MODES) ?? (onVercel ? "cron" : "inline");
  if (localMode && workerMode === "off") {
    throw new ConfigError(
      "DATABASE_URL",
      "is required when WORKER_MODE=off: `npm run worker` processes need a shared PostgreSQL database (local mode's embedded database belongs to the app process; use WORKER_MODE=inline or cron)",
    );
  }
  if (localMode && dataDir !== MEMORY) {
    if (onVercel) {
      throw new ConfigError(
        "DATABASE_URL",
        "is required on Vercel: local mode keeps an embedded database on a writable disk, which serverless functions do not have (set DATABASE_URL to a PostgreSQL connection string)",
      );
    }
    assertWritable(dataDir);
  }
  return { localMode, port, dataDir, onVercel, workerMode };
}

/** AUTH_SECRET and ENCRYPTION_KEY: required with DATABASE_URL, generated once and kept in local mode. */
export function secretsOf(raw: RawEnv, localMode: boolean, dataDir: string) {
  let authSecret = raw.AUTH_SECRET;
  let encryptionKeyText = raw.ENCRYPTION_KEY;
  if (localMode && (!authSecret || !encryptionKeyText)) {
    const secrets = loadLocalSecrets(dataDir);
    authSecret ??= secrets.authSecret;
    encryptionKeyText ??= secrets.encryptionKey;
  }
  if (!authSecret) throw new ConfigError("AUTH_SECRET", "is required when DATABASE_URL is set");
  if (authSecret.length < 32) throw new ConfigError("AUTH_SECRET", "must be at least 32 characters");
  if (!encryptionKeyText) throw new ConfigError("ENCRYPTION_KEY", "is required when DATABASE_URL is set");
  return { authSecret, encryptionKey: decodeKey(encryptionKeyText, "ENCRYPTION_KEY") };
}

/** The mail and payments drivers; test drivers on a deployment only when ALLOW_TEST_DRIVERS=1. */
export function driversOf(raw: RawEnv, localMode: boolean) {
  const mailDriver =
    pickDriver<MailDriverName>("MAIL_DRIVER", raw.MAIL_DRIVER, ["resend", "outbox"]) ??
    (raw.RESEND_API_KEY ? "resend" : localMode ? "outbox" : undefined);
  if (!mailDriver) {
    throw new ConfigError("RESEND_API_KEY", "is required when DATABASE_URL is set (or set MAIL_DRIVER=outbox)");
  }
  if (mailDriver === "resend" && !raw.RESEND_API_KEY) {
    throw new ConfigError("RESEND_API_KEY", "is required when MAIL_DRIVER=resend");
  }
  if (mailDriver === "resend" && !raw.MAIL_FROM) {
    throw new ConfigError("MAIL_FROM", "is required when e-mail is sent through Resend");
  }

  const paymentsDriver =
    pickDriver<PaymentsDriverName>("PAYMENTS_DRIVER", raw.PAYMENTS_DRIVER, ["stripe", "test"]) ??
    (raw.STRIPE_SECRET_KEY ? "stripe" : localMode ? "test" : undefined);
  if (!paymentsDriver) {
    throw new ConfigError("STRIPE_SECRET_KEY", "is required when DATABASE_URL is set (or set PAYMENTS_DRIVER=test)");
  }
  if (paymentsDriver === "stripe" && !raw.STRIPE_SECRET_KEY) {
    throw new ConfigError("STRIPE_SECRET_KEY", "is required when PAYMENTS_DRIVER=stripe");
  }
  if (paymentsDriver === "stripe" && !raw.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET", "is required when payments go through Stripe");
  }

  // Test drivers let anyone read every e-mail (password-reset links included) and "pay" without
  // paying: a deployment must opt in explicitly; local mode is unchanged.
  const testDriver =
    mailDriver === "outbox" ? "MAIL_DRIVER=outbox" : paymentsDriver === "test" ? "PAYMENTS_DRIVER=test" : null;
  if (!localMode && testDriver && raw.ALLOW_TEST_DRIVERS !== "1") {
    throw new ConfigError(
      "ALLOW_TEST_DRIVERS",
      `must be 1 to run ${testDriver} with DATABASE_URL (test and preview deployments only: anyone can read the outbox and complete test payments)`,
    );
  }

  return { mailDriver, paymentsDriver, testDriver };
}

/** The numeric limits and the cron settings. */
export function limitsOf(raw: RawEnv, workerMode: WorkerMode, onVercel: boolean) {
  const hops = Number(raw.TRUSTED_PROXY_HOPS ?? 0);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new ConfigError("TRUSTED_PROXY_HOPS", "must be a whole number between 0 and 10");
  }

  const concurrency = Number(raw.GENERATION_CONCURRENCY ?? 32);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
    throw new ConfigError("GENERATION_CONCURRENCY", "must be a whole number between 1 and 1000");
  }

  if (workerMode === "cron" && !raw.CRON_SECRET) {
    throw new ConfigError(
      "CRON_SECRET",
      "is required when WORKER_MODE=cron (it authenticates the calls to /api/cron/work)",
    );
  }
  if (raw.CRON_SECRET && raw.CRON_SECRET.length < 16)
    throw new ConfigError("CRON_SECRET", "must be at least 16 characters");
  const cronBudgetSeconds = Number(raw.CRON_BUDGET_SECONDS ?? 50);
  if (!Number.isFinite(cronBudgetSeconds) || cronBudgetSeconds <= 0 || cronBudgetSeconds > 900) {
    throw new ConfigError("CRON_BUDGET_SECONDS", "must be a number of seconds between 0 and 900");
  }
  const modelRegistryDate = raw.MODEL_REGISTRY_DATE ? new Date(`${raw.MODEL_REGISTRY_DATE}T12:00:00Z`) : null;
  if (
    modelRegistryDate &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(raw.MODEL_REGISTRY_DATE!) || isNaN(modelRegistryDate.getTime()))
  ) {
    throw new ConfigError("MODEL_REGISTRY_DATE", "must be a date such as 2026-11-24");
  }
  const batchMaxRequests =
    raw.BATCH_MAX_REQUESTS === undefined
      ? undefined
      : positiveInteger("BATCH_MAX_REQUESTS", raw.BATCH_MAX_REQUESTS, 50_000, 100_000);
  const databasePoolMax = positiveInteger("DATABASE_POOL_MAX", raw.DATABASE_POOL_MAX, onVercel ? 5 : 10, 1000);

  return { hops, concurrency, cronBudgetSeconds, modelRegistryDate, batchMaxRequests, databasePoolMax };
}

/** APP_URL (or the deployment's own URL), without a trailing slash. */
export function appUrlOf(raw: RawEnv, port: number): string {
  const appUrl = (raw.APP_URL ?? defaultAppUrl(raw, port)).replace(/\/+$/, "");
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError("APP_URL", "must be an absolute URL such as https://app.example.com");
  }
  return appUrl;
}
