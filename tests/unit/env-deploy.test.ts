import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";

// Issue 18: worker modes, cron, Vercel runtime, pool size.
const SECRET = "s".repeat(40);
const HEX_KEY = "ab".repeat(32);
const PG = {
  DATABASE_URL: "postgres://u@db.example/app",
  AUTH_SECRET: SECRET,
  ENCRYPTION_KEY: HEX_KEY,
  MAIL_DRIVER: "outbox",
  PAYMENTS_DRIVER: "test",
  ALLOW_TEST_DRIVERS: "1",
};
const CRON_SECRET = "c".repeat(32);

function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("parseEnv did not throw");
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "env-deploy-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("WORKER_MODE", () => {
  it("defaults to inline, and to cron on Vercel", () => {
    expect(parseEnv({ DATA_DIR: dir }).workerMode).toBe("inline");
    expect(parseEnv(PG).workerMode).toBe("inline");
    expect(parseEnv({ ...PG, VERCEL: "1", CRON_SECRET }).workerMode).toBe("cron");
    expect(parseEnv({ ...PG, VERCEL: "1", WORKER_MODE: "off" }).workerMode).toBe("off");
  });

  it("off needs DATABASE_URL: local mode is refused naming it", () => {
    const error = configError({ DATA_DIR: dir, WORKER_MODE: "off" });
    expect(error.variable).toBe("DATABASE_URL");
    expect(error.message).toMatch(/^Configuration error: DATABASE_URL is required when WORKER_MODE=off/);
    expect(parseEnv({ ...PG, WORKER_MODE: "off" }).workerMode).toBe("off");
  });

  it("refuses an unknown mode", () => {
    const error = configError({ DATA_DIR: dir, WORKER_MODE: "sometimes" });
    expect(error.variable).toBe("WORKER_MODE");
    expect(error.message).toContain("inline, off, cron");
  });

  it("cron needs CRON_SECRET (local mode too); the budget defaults to 50 s", () => {
    expect(configError({ DATA_DIR: dir, WORKER_MODE: "cron" }).variable).toBe("CRON_SECRET");
    expect(configError({ ...PG, VERCEL: "1" }).variable).toBe("CRON_SECRET");
    expect(configError({ ...PG, CRON_SECRET: "short" }).variable).toBe("CRON_SECRET");
    const local = parseEnv({ DATA_DIR: dir, WORKER_MODE: "cron", CRON_SECRET });
    expect(local).toMatchObject({
      localMode: true,
      workerMode: "cron",
      cronSecret: CRON_SECRET,
      cronBudgetSeconds: 50,
    });
    expect(parseEnv({ ...PG, CRON_BUDGET_SECONDS: "5.5" }).cronBudgetSeconds).toBe(5.5);
    for (const bad of ["0", "-1", "soon", "901"])
      expect(configError({ ...PG, CRON_BUDGET_SECONDS: bad }).variable).toBe("CRON_BUDGET_SECONDS");
  });
});

describe("APP_URL on Vercel", () => {
  const VERCEL = {
    ...PG,
    VERCEL: "1",
    CRON_SECRET,
    VERCEL_URL: "coldmail-git-feature-team.vercel.app",
    VERCEL_PROJECT_PRODUCTION_URL: "coldmail.example.com",
  };

  it("a production deployment uses the project's production domain", () => {
    expect(parseEnv({ ...VERCEL, VERCEL_ENV: "production" }).appUrl).toBe("https://coldmail.example.com");
  });

  it("a preview deployment uses its own URL", () => {
    expect(parseEnv({ ...VERCEL, VERCEL_ENV: "preview" }).appUrl).toBe("https://coldmail-git-feature-team.vercel.app");
    expect(parseEnv({ ...VERCEL, VERCEL_ENV: "production", VERCEL_PROJECT_PRODUCTION_URL: undefined }).appUrl).toBe(
      "https://coldmail-git-feature-team.vercel.app",
    );
  });

  it("APP_URL wins; without any, http://localhost:$PORT", () => {
    expect(parseEnv({ ...VERCEL, VERCEL_ENV: "production", APP_URL: "https://app.example.org/" }).appUrl).toBe(
      "https://app.example.org",
    );
    expect(parseEnv({ ...PG, PORT: "4123" }).appUrl).toBe("http://localhost:4123");
  });
});

describe("local mode on a read-only disk", () => {
  it("on Vercel without DATABASE_URL: one clear error naming DATABASE_URL", () => {
    const error = configError({ VERCEL: "1", CRON_SECRET, DATA_DIR: dir });
    expect(error.variable).toBe("DATABASE_URL");
    expect(error.message).toMatch(/^Configuration error: DATABASE_URL is required on Vercel/);
  });

  it("a DATA_DIR that cannot be written: the same, before anything is written", () => {
    const file = path.join(dir, "a-file");
    writeFileSync(file, "");
    const error = configError({ DATA_DIR: path.join(file, "data") });
    expect(error.variable).toBe("DATABASE_URL");
    expect(error.message).toContain("cannot be written");
    expect(error.message).toContain("DATA_DIR");
  });
});

describe("database pool", () => {
  it("5 connections on Vercel, 10 elsewhere, DATABASE_POOL_MAX to choose", () => {
    expect(parseEnv(PG).databasePoolMax).toBe(10);
    expect(parseEnv({ ...PG, VERCEL: "1", CRON_SECRET }).databasePoolMax).toBe(5);
    expect(parseEnv({ ...PG, DATABASE_POOL_MAX: "3" }).databasePoolMax).toBe(3);
    expect(configError({ ...PG, DATABASE_POOL_MAX: "0" }).variable).toBe("DATABASE_POOL_MAX");
  });

  it("migrations and the job queue use DATABASE_URL_UNPOOLED when set", () => {
    expect(parseEnv(PG).databaseDirectUrl).toBe(PG.DATABASE_URL);
    expect(parseEnv({ ...PG, DATABASE_URL_UNPOOLED: "postgres://u@direct.example/app" }).databaseDirectUrl).toBe(
      "postgres://u@direct.example/app",
    );
  });
});
