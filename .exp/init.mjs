import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
const st = () => { const t = readFileSync("/proc/self/status","utf8"); return ["VmRSS","VmHWM"].map(k=>t.match(new RegExp(k+":\\s+(\\d+)"))[1]/1024|0).join("/"); };
console.log("start", st());
const db = new PGlite(process.argv[2], { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
await db.waitReady;
console.log("ready", st());
await db.close();
console.log("closed", st());
