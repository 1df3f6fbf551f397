import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: path.join(root, "tests/support/empty.ts") },
      { find: /^@\//, replacement: `${root}/` },
    ],
  },
  test: {
    environment: "node",
    exclude: ["tests/e2e/**", "node_modules/**", ".next/**"],
    setupFiles: ["tests/support/setup.ts"],
    // Every test file runs in its own child process: in local mode each file gets its own
    // in-memory PGlite database; with DATABASE_URL all files share one database.
    pool: "forks",
    isolate: true,
    // Vitest's default on a 2-core machine is one worker; most integration files wait on I/O (the
    // database, fakes, timers), so three files at once keep both cores busy.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The outbox driver prints every mail; show console output of failing tests only.
    silent: "passed-only",
    // `vitest run --project unit` (no database) or `--project integration` (a real database).
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Local mode: one migrated PGlite image per run, which every file's database starts from.
          globalSetup: ["tests/support/pglite-image.ts"],
        },
      },
    ],
  },
});
