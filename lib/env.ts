import {
  appUrlOf,
  ConfigError,
  driversOf,
  limitsOf,
  rawSchema,
  secretsOf,
  storageOf,
  type MailDriverName,
  type PaymentsDriverName,
  type WorkerMode,
} from "./env-rules";
import { dnsOf, type DnsSettings } from "./env-dns";

export { ConfigError };

/**
 * The only reader of process.env. Parsed once, lazily (never at build time).
 * Local mode = no DATABASE_URL: embedded PGlite, outbox mail, test checkout,
 * secrets generated once and kept under DATA_DIR.
 */

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
  /**
   * The outside tools' API bases (INSTANTLY_/SMARTLEAD_/LEMLIST_/ZEROBOUNCE_BASE_URL, else the tools' public APIs;
   * configurable for gateways and tests): the only hosts their calls go to.
   */
  toolBaseUrls: { instantly: string; smartlead: string; lemlist: string; zerobounce: string | undefined };
  zapierHookPrefix: string;
  allowPrivateWebhooks: boolean;
  generationConcurrency: number;
  /** The address checks' resolvers (DNS_SERVERS; null: the system's) and one lookup's bound (DNS_TIMEOUT_MS). */
  dns: DnsSettings;
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

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const raw = rawSchema.parse(source);
  const { localMode, port, dataDir, onVercel, workerMode } = storageOf(raw);
  const { authSecret, encryptionKey } = secretsOf(raw, localMode, dataDir);
  const { mailDriver, paymentsDriver, testDriver } = driversOf(raw, localMode);
  const { hops, concurrency, cronBudgetSeconds, modelRegistryDate, batchMaxRequests, databasePoolMax } = limitsOf(
    raw,
    workerMode,
    onVercel,
  );
  const appUrl = appUrlOf(raw, port);

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
    toolBaseUrls: {
      instantly: raw.INSTANTLY_BASE_URL ?? "https://api.instantly.ai",
      smartlead: raw.SMARTLEAD_BASE_URL ?? "https://server.smartlead.ai",
      lemlist: raw.LEMLIST_BASE_URL ?? "https://api.lemlist.com",
      // Unset: ZeroBounce's two hosts (api. and bulkapi.); set: one base for both.
      zerobounce: raw.ZEROBOUNCE_BASE_URL,
    },
    zapierHookPrefix: raw.ZAPIER_HOOK_PREFIX ?? "https://hooks.zapier.com/",
    allowPrivateWebhooks: raw.ALLOW_PRIVATE_WEBHOOKS !== undefined ? raw.ALLOW_PRIVATE_WEBHOOKS === "1" : localMode,
    generationConcurrency: concurrency,
    dns: dnsOf(raw),
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
