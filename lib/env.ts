import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
});

export type MailDriverName = "resend" | "outbox";
export type PaymentsDriverName = "stripe" | "test";

export interface AppEnv {
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

  const appUrl = (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError("APP_URL", "must be an absolute URL such as https://app.example.com");
  }

  const concurrency = Number(raw.GENERATION_CONCURRENCY ?? 32);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
    throw new ConfigError("GENERATION_CONCURRENCY", "must be a whole number between 1 and 1000");
  }

  return {
    nodeEnv: raw.NODE_ENV ?? "development",
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

/** Tests only: forget the parsed configuration so a changed process.env is read again. */
export function resetEnvForTests(): void {
  cache.__appEnv = undefined;
}
