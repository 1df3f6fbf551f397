import { randomBytes } from "node:crypto";
import { accessSync, constants as fsConstants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env. Parsed once, lazily (never at build time).
 * Local mode = no DATABASE_URL: embedded PGlite, outbox mail, test checkout,
 * secrets generated once and kept under DATA_DIR.
 */

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const rawSchema = z.object({
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
  ZAPIER_HOOK_PREFIX: optionalString,
  ALLOW_PRIVATE_WEBHOOKS: optionalString,
  GENERATION_CONCURRENCY: optionalString,
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

type MailDriverName = "resend" | "outbox";
type PaymentsDriverName = "stripe" | "test";
const WORKER_MODES = ["inline", "off", "cron"] as const;
/**
 * inline: the worker runs in the app process; off: web only (`npm run worker` processes); cron: `/api/cron/work` calls.
 */
type WorkerMode = (typeof WORKER_MODES)[number];

export interface AppEnv {
  /** The day the model registry treats as today (MODEL_REGISTRY_DATE); null = the real date. */
  modelRegistryDate: Date | null;
  nodeEnv: string;
  port: number;
  localMode: boolean;
  /** Directory for local state; "memory" keeps everything in memory (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  encryptionKey: Buffer;
  appUrl: string;
  adminEmails: string[];
  mailDriver: MailDriverName;
  resendApiKey: string | undefined;
  mailFrom: string;
  paymentsDriver: PaymentsDriverName;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Another Stripe API host (stripe-mock, tests); the public API when unset. */
  stripeApiUrl: string | undefined;
  openaiBaseUrl: string | undefined;
  anthropicBaseUrl: string | undefined;
  zapierHookPrefix: string;
  allowPrivateWebhooks: boolean;
  generationConcurrency: number;
  /** Requests per provider batch in batch mode (BATCH_MAX_REQUESTS); undefined: the provider's own limit. */
  batchMaxRequests: number | undefined;
  /**
   * A deployment (DATABASE_URL) running the outbox or the test checkout, allowed by
   * ALLOW_TEST_DRIVERS=1: the server warns at startup and every page shows a test-mode banner.
   * Always false in local mode.
   */
  testMode: boolean;
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are trusted (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
  /** WORKER_MODE (default inline; cron on Vercel). */
  workerMode: WorkerMode;
  /** Bearer secret of `/api/cron/work`; required with WORKER_MODE=cron. */
  cronSecret: string | undefined;
  /** Upper bound of one `/api/cron/work` call, in seconds (default 50). */
  cronBudgetSeconds: number;
  /** Running on Vercel (VERCEL=1): the client address comes from Vercel's own forwarded header. */
  onVercel: boolean;
  /** Connections of this process's PostgreSQL pool (DATABASE_POOL_MAX; default 5 on Vercel, else 10). */
  databasePoolMax: number;
  /**
   * A direct (not pooled) connection string for migrations and the job queue, which need session
   * features (advisory locks, LISTEN) that transaction-mode poolers do not keep; default DATABASE_URL.
   */
  databaseDirectUrl: string | undefined;
}

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
function defaultAppUrl(raw: z.output<typeof rawSchema>, port: number): string {
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

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const raw = rawSchema.parse(source);
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
  const encryptionKey = decodeKey(encryptionKeyText, "ENCRYPTION_KEY");

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

  const hops = Number(raw.TRUSTED_PROXY_HOPS ?? 0);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new ConfigError("TRUSTED_PROXY_HOPS", "must be a whole number between 0 and 10");
  }

  const appUrl = (raw.APP_URL ?? defaultAppUrl(raw, port)).replace(/\/+$/, "");
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError("APP_URL", "must be an absolute URL such as https://app.example.com");
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

  return {
    nodeEnv: raw.NODE_ENV ?? "development",
    /** The day the model registry treats as today (retirements, 30-day warnings): null = the real date. */
    modelRegistryDate,
    port,
    localMode,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    authSecret,
    encryptionKey,
    appUrl,
    adminEmails: (raw.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    mailDriver,
    resendApiKey: raw.RESEND_API_KEY,
    mailFrom: raw.MAIL_FROM ?? "ColdMail AI <no-reply@localhost>",
    paymentsDriver,
    stripeSecretKey: raw.STRIPE_SECRET_KEY,
    stripeWebhookSecret: raw.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: raw.STRIPE_API_URL,
    openaiBaseUrl: raw.OPENAI_BASE_URL,
    anthropicBaseUrl: raw.ANTHROPIC_BASE_URL,
    zapierHookPrefix: raw.ZAPIER_HOOK_PREFIX ?? "https://hooks.zapier.com/",
    allowPrivateWebhooks: raw.ALLOW_PRIVATE_WEBHOOKS !== undefined ? raw.ALLOW_PRIVATE_WEBHOOKS === "1" : localMode,
    generationConcurrency: concurrency,
    batchMaxRequests,
    testMode: !localMode && testDriver !== null,
    trustedProxyHops: hops,
    workerMode,
    cronSecret: raw.CRON_SECRET,
    cronBudgetSeconds,
    onVercel,
    databasePoolMax,
    databaseDirectUrl: raw.DATABASE_URL_UNPOOLED ?? raw.DATABASE_URL,
  };
}

const cache = globalThis as unknown as { __appEnv?: AppEnv };

/** The validated configuration of this process. Throws ConfigError naming the variable. */
export function env(): AppEnv {
  return (cache.__appEnv ??= parseEnv(process.env));
}

/** For process entry points: a missing or bad setting stops the process with one clear line. */
export function envOrExit(processName: string): AppEnv {
  try {
    return env();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n[${processName}] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * LOG_LEVEL (default info). Read on its own, not through env(): the logger must work even when
 * the rest of the configuration is invalid (to report it).
 */
export function logLevel(): string {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase();
  return level && LOG_LEVELS.includes(level) ? level : "info";
}

/** LOG_TO_CONSOLE=1 writes the log lines through console.log (test runners capture it) instead of stdout. */
export function logToConsole(): boolean {
  return process.env.LOG_TO_CONSOLE === "1";
}

/** Tests only: forget the parsed configuration so a changed process.env is read again. */
export function resetEnvForTests(): void {
  cache.__appEnv = undefined;
}
