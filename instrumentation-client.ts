import { z } from "zod";

// Runs in the browser before hydration. zod's JIT probes `new Function("")`, which the
// Content-Security-Policy (no 'unsafe-eval', proxy.ts) blocks and reports as a violation even
// though zod catches it: parse without the JIT in the browser.
z.config({ jitless: true });
