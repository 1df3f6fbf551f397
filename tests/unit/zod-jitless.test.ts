import { describe, expect, it, vi } from "vitest";

describe("instrumentation-client: zod's jitless setting without loading zod", () => {
  it("zod loaded afterwards reads the setting from globalThis.__zod_globalConfig", async () => {
    const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
    const before = holder.__zod_globalConfig;
    delete holder.__zod_globalConfig;
    vi.resetModules();
    try {
      await import("../../instrumentation-client");
      const core = await import("zod/v4/core");
      expect(core.config().jitless).toBe(true);
      expect(core.globalConfig).toBe(holder.__zod_globalConfig);
    } finally {
      if (before) holder.__zod_globalConfig = before;
    }
  });
});
