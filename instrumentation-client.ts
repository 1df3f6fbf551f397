import { config } from "zod/v4/core";

// Runs in the browser before hydration. zod's JIT probes `new Function("")`, which the
// Content-Security-Policy (no 'unsafe-eval', proxy.ts) blocks and reports as a violation even
// though zod catches it: parse without the JIT in the browser. The setting is zod core's global
// configuration (shared by zod and zod/mini); importing it from the core keeps zod's schema
// classes out of the chunk every page loads (pages that validate load zod themselves).
config({ jitless: true });
