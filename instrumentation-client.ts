// Runs in the browser before hydration. zod's JIT probes `new Function("")`, which the
// Content-Security-Policy (no 'unsafe-eval', proxy.ts) blocks and reports as a violation even
// though zod catches it: parse without the JIT in the browser. zod keeps its global configuration
// on `globalThis.__zod_globalConfig` (zod/v4/core/core.js; every copy of zod shares it) and reads
// `jitless` from there when a schema first parses: setting it here, before any zod loads, needs no
// zod code in the chunk every page loads (tests/unit/zod-jitless.test.ts checks zod still reads it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
