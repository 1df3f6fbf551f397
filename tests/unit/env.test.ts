import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";

const SECRET = "s".repeat(40);
const HEX_KEY = "ab".repeat(32);
const PG = { DATABASE_URL: "postgres://u@db.example/app", AUTH_SECRET: SECRET, ENCRYPTION_KEY: HEX_KEY };
const PG_READY = {
  ...PG,
  RESEND_API_KEY: "re_123",
  MAIL_FROM: "App <app@example.com>",
  PAYMENTS_DRIVER: "test",
  ALLOW_TEST_DRIVERS: "1",
};
const PG_REAL = {
  ...PG,
  RESEND_API_KEY: "re_123",
  MAIL_FROM: "App <app@example.com>",
  STRIPE_SECRET_KEY: "sk_live_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
};

/** Runs parseEnv and returns the ConfigError it throws. */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("parseEnv did not throw");
}

describe("parseEnv in local mode (no DATABASE_URL)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("uses local defaults", () => {
    const config = parseEnv({ DATA_DIR: dir });
    expect(config.localMode).toBe(true);
    expect(config.dataDir).toBe(path.resolve(dir));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.nodeEnv).toBe("development");
    expect(config.mailDriver).toBe("outbox");
    expect(config.paymentsDriver).toBe("test");
    expect(config.zapierHookPrefix).toBe("https://hooks.zapier.com/");
    expect(config.allowPrivateWebhooks).toBe(true);
    expect(config.generationConcurrency).toBe(32);
    expect(config.adminEmails).toEqual([]);
    expect(config.mailFrom).toContain("ColdMail AI");
  });

  it("reads MODEL_REGISTRY_DATE as the registry's today, and refuses anything but a date", () => {
    expect(parseEnv({ DATA_DIR: dir }).modelRegistryDate).toBeNull();
    expect(parseEnv({ DATA_DIR: dir, MODEL_REGISTRY_DATE: "2026-11-24" }).modelRegistryDate?.toISOString()).toBe(
      "2026-11-24T12:00:00.000Z",
    );
    for (const bad of ["2026-13-45", "tomorrow", "2026-11-24T00:00:00Z"])
      expect(configError({ DATA_DIR: dir, MODEL_REGISTRY_DATE: bad }).variable).toBe("MODEL_REGISTRY_DATE");
  });

  it("generates the secrets once and reuses them on the next start", () => {
    const first = parseEnv({ DATA_DIR: dir });
    const file = path.join(dir, "secrets.json");
    const stored = JSON.parse(readFileSync(file, "utf8"));
    expect(stored.authSecret).toBe(first.authSecret);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toHaveLength(32);
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = parseEnv({ DATA_DIR: dir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);

    const other = mkdtempSync(path.join(tmpdir(), "env-test-"));
    try {
      expect(parseEnv({ DATA_DIR: other }).authSecret).not.toBe(first.authSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("prefers secrets from the environment", () => {
    const config = parseEnv({ DATA_DIR: dir, AUTH_SECRET: SECRET, ENCRYPTION_KEY: HEX_KEY });
    expect(config.authSecret).toBe(SECRET);
    expect(config.encryptionKey.toString("hex")).toBe(HEX_KEY);
  });

  it("derives APP_URL from PORT and trims a trailing slash from APP_URL", () => {
    expect(parseEnv({ DATA_DIR: dir, PORT: "4123" }).appUrl).toBe("http://localhost:4123");
    expect(parseEnv({ DATA_DIR: dir, PORT: "4123" }).port).toBe(4123);
    expect(parseEnv({ DATA_DIR: dir, APP_URL: "https://app.example.com/" }).appUrl).toBe("https://app.example.com");
    expect(configError({ DATA_DIR: dir, APP_URL: "not a url" }).variable).toBe("APP_URL");
    expect(configError({ DATA_DIR: dir, PORT: "abc" }).variable).toBe("PORT");
  });

  it("reads ALLOW_PRIVATE_WEBHOOKS and ZAPIER_HOOK_PREFIX", () => {
    expect(parseEnv({ DATA_DIR: dir, ALLOW_PRIVATE_WEBHOOKS: "0" }).allowPrivateWebhooks).toBe(false);
    expect(parseEnv({ DATA_DIR: dir, ZAPIER_HOOK_PREFIX: "http://127.0.0.1:9/" }).zapierHookPrefix).toBe(
      "http://127.0.0.1:9/",
    );
  });

  it("keeps secrets in memory for DATA_DIR=memory", () => {
    const a = parseEnv({ DATA_DIR: "memory" });
    expect(a.dataDir).toBe("memory");
    expect(parseEnv({ DATA_DIR: "memory" }).authSecret).toBe(a.authSecret);
  });
});

describe("parseEnv with DATABASE_URL", () => {
  it("requires AUTH_SECRET", () => {
    const error = configError({ DATABASE_URL: PG.DATABASE_URL, ENCRYPTION_KEY: HEX_KEY });
    expect(error.variable).toBe("AUTH_SECRET");
    expect(error.message).toContain("AUTH_SECRET");
  });

  it("rejects an AUTH_SECRET shorter than 32 characters", () => {
    expect(configError({ ...PG_READY, AUTH_SECRET: "short" }).variable).toBe("AUTH_SECRET");
  });

  it("requires ENCRYPTION_KEY", () => {
    const error = configError({ DATABASE_URL: PG.DATABASE_URL, AUTH_SECRET: SECRET });
    expect(error.variable).toBe("ENCRYPTION_KEY");
    expect(error.message).toContain("ENCRYPTION_KEY");
  });

  it.each(["abcd", "ab".repeat(31), "ab".repeat(33), Buffer.alloc(16).toString("base64")])(
    "rejects an ENCRYPTION_KEY that is not 32 bytes (%s)",
    (key) => {
      expect(configError({ ...PG_READY, ENCRYPTION_KEY: key }).variable).toBe("ENCRYPTION_KEY");
    },
  );

  it("accepts a base64 ENCRYPTION_KEY of 32 bytes", () => {
    const key = Buffer.alloc(32, 7);
    expect(parseEnv({ ...PG_READY, ENCRYPTION_KEY: key.toString("base64") }).encryptionKey.equals(key)).toBe(true);
  });

  it("requires RESEND_API_KEY unless MAIL_DRIVER=outbox", () => {
    const error = configError({ ...PG, PAYMENTS_DRIVER: "test" });
    expect(error.variable).toBe("RESEND_API_KEY");
    expect(error.message).toContain("RESEND_API_KEY");
    expect(
      parseEnv({ ...PG, PAYMENTS_DRIVER: "test", MAIL_DRIVER: "outbox", ALLOW_TEST_DRIVERS: "1" }).mailDriver,
    ).toBe("outbox");
  });

  it("uses Resend when RESEND_API_KEY is set, which needs MAIL_FROM", () => {
    const config = parseEnv(PG_READY);
    expect(config.localMode).toBe(false);
    expect(config.mailDriver).toBe("resend");
    expect(config.mailFrom).toBe("App <app@example.com>");
    expect(configError({ ...PG_READY, MAIL_FROM: undefined }).variable).toBe("MAIL_FROM");
    expect(configError({ ...PG, PAYMENTS_DRIVER: "test", MAIL_DRIVER: "resend" }).variable).toBe("RESEND_API_KEY");
    expect(configError({ ...PG_READY, MAIL_DRIVER: "smtp" }).variable).toBe("MAIL_DRIVER");
  });

  it("requires STRIPE_SECRET_KEY unless PAYMENTS_DRIVER=test", () => {
    const error = configError({ ...PG_READY, PAYMENTS_DRIVER: undefined });
    expect(error.variable).toBe("STRIPE_SECRET_KEY");
    expect(error.message).toContain("STRIPE_SECRET_KEY");
    expect(parseEnv(PG_READY).paymentsDriver).toBe("test");
    expect(configError({ ...PG_READY, PAYMENTS_DRIVER: "paypal" }).variable).toBe("PAYMENTS_DRIVER");
  });

  it("uses Stripe when STRIPE_SECRET_KEY is set, which needs STRIPE_WEBHOOK_SECRET", () => {
    const stripe = { ...PG_READY, PAYMENTS_DRIVER: undefined, STRIPE_SECRET_KEY: "sk_test_1" };
    expect(configError(stripe).variable).toBe("STRIPE_WEBHOOK_SECRET");
    expect(parseEnv({ ...stripe, STRIPE_WEBHOOK_SECRET: "whsec_1" }).paymentsDriver).toBe("stripe");
  });

  it("does not allow private webhooks by default", () => {
    expect(parseEnv(PG_READY).allowPrivateWebhooks).toBe(false);
    expect(parseEnv({ ...PG_READY, ALLOW_PRIVATE_WEBHOOKS: "1" }).allowPrivateWebhooks).toBe(true);
  });
});

describe("test drivers with DATABASE_URL (ALLOW_TEST_DRIVERS)", () => {
  it("refuses MAIL_DRIVER=outbox without ALLOW_TEST_DRIVERS=1, naming the variable", () => {
    const error = configError({ ...PG_REAL, MAIL_DRIVER: "outbox" });
    expect(error.variable).toBe("ALLOW_TEST_DRIVERS");
    expect(error.message).toContain("ALLOW_TEST_DRIVERS");
    expect(error.message).toContain("MAIL_DRIVER=outbox");
    expect(configError({ ...PG_REAL, MAIL_DRIVER: "outbox", ALLOW_TEST_DRIVERS: "0" }).variable).toBe(
      "ALLOW_TEST_DRIVERS",
    );
    expect(configError({ ...PG_REAL, MAIL_DRIVER: "outbox", ALLOW_TEST_DRIVERS: "true" }).variable).toBe(
      "ALLOW_TEST_DRIVERS",
    );
  });

  it("refuses PAYMENTS_DRIVER=test without ALLOW_TEST_DRIVERS=1, naming the variable", () => {
    const error = configError({ ...PG_REAL, PAYMENTS_DRIVER: "test" });
    expect(error.variable).toBe("ALLOW_TEST_DRIVERS");
    expect(error.message).toContain("PAYMENTS_DRIVER=test");
    expect(configError({ ...PG, RESEND_API_KEY: "re_1", MAIL_FROM: "a@b.c", PAYMENTS_DRIVER: "test" }).variable).toBe(
      "ALLOW_TEST_DRIVERS",
    );
  });

  it("allows the test drivers with ALLOW_TEST_DRIVERS=1 and marks the deployment as test mode", () => {
    const config = parseEnv({ ...PG, MAIL_DRIVER: "outbox", PAYMENTS_DRIVER: "test", ALLOW_TEST_DRIVERS: "1" });
    expect(config.mailDriver).toBe("outbox");
    expect(config.paymentsDriver).toBe("test");
    expect(config.testMode).toBe(true);
    expect(parseEnv({ ...PG_REAL, PAYMENTS_DRIVER: "test", ALLOW_TEST_DRIVERS: "1" }).testMode).toBe(true);
  });

  it("is not test mode with the real drivers, nor in local mode", () => {
    expect(parseEnv(PG_REAL).testMode).toBe(false);
    expect(parseEnv({ ...PG_REAL, ALLOW_TEST_DRIVERS: "1" }).testMode).toBe(false);
    const local = parseEnv({ DATA_DIR: "memory" });
    expect(local.mailDriver).toBe("outbox");
    expect(local.testMode).toBe(false);
  });

  it("stops a process started through envOrExit with one line naming ALLOW_TEST_DRIVERS", async () => {
    const { spawnSync } = await import("node:child_process");
    const script = `import { envOrExit } from "./lib/env.ts"; envOrExit("startup"); console.log("started");`;
    const { DATABASE_URL, AUTH_SECRET, ENCRYPTION_KEY, RESEND_API_KEY, MAIL_FROM } = { ...PG_REAL };
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      encoding: "utf8",
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH,
        DATABASE_URL,
        AUTH_SECRET,
        ENCRYPTION_KEY,
        RESEND_API_KEY,
        MAIL_FROM,
        PAYMENTS_DRIVER: "test",
      },
    });
    expect(child.status).toBe(1);
    expect(child.stdout).not.toContain("started");
    expect(child.stderr).toMatch(/\[startup\] Configuration error: ALLOW_TEST_DRIVERS must be 1/);
  });
});

describe("parseEnv settings", () => {
  it("reads TRUSTED_PROXY_HOPS and VERCEL", () => {
    expect(parseEnv(PG_READY).trustedProxyHops).toBe(0);
    expect(parseEnv({ ...PG_READY, TRUSTED_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    for (const bad of ["-1", "1.5", "many", "11"]) {
      expect(configError({ ...PG_READY, TRUSTED_PROXY_HOPS: bad }).variable).toBe("TRUSTED_PROXY_HOPS");
    }
    expect(parseEnv(PG_READY).onVercel).toBe(false);
    // On Vercel the worker mode defaults to cron, which needs its secret.
    expect(parseEnv({ ...PG_READY, VERCEL: "1", CRON_SECRET: "c".repeat(32) }).onVercel).toBe(true);
  });

  it("validates GENERATION_CONCURRENCY", () => {
    expect(parseEnv({ ...PG_READY }).generationConcurrency).toBe(32);
    expect(parseEnv({ ...PG_READY, GENERATION_CONCURRENCY: "1" }).generationConcurrency).toBe(1);
    expect(parseEnv({ ...PG_READY, GENERATION_CONCURRENCY: "1000" }).generationConcurrency).toBe(1000);
    for (const bad of ["0", "-3", "1001", "2.5", "lots"]) {
      expect(configError({ ...PG_READY, GENERATION_CONCURRENCY: bad }).variable).toBe("GENERATION_CONCURRENCY");
    }
  });

  it("splits and lower-cases ADMIN_EMAILS", () => {
    const config = parseEnv({ ...PG_READY, ADMIN_EMAILS: " Boss@Example.com, ,ops@EXAMPLE.org ," });
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.org"]);
  });

  it("treats blank values as unset", () => {
    const error = configError({ ...PG_READY, AUTH_SECRET: "   " });
    expect(error.variable).toBe("AUTH_SECRET");
  });
});
