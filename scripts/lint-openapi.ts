// `npm run lint:openapi` (part of `npm run lint` and of the test's `static` stage): the OpenAPI document
// that GET /api/openapi.json serves, built from the operation registry (lib/openapi) and written to
// .data/openapi.json, then linted by Redocly with its recommended rules (redocly.yaml; the few operations a
// rule does not fit are listed, with the reason, in .redocly.lint-ignore.yaml, whose keys name that file).
// Needs no database and no network: building the document reads only the registry and the zod schemas,
// and Redocly's telemetry and its update check are turned off. Exits with Redocly's status: an error
// or a warning fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// From the repository's root, whatever the caller's directory: redocly.yaml and the ignore file are there.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = ".data/openapi.json";
mkdirSync(path.join(root, ".data"), { recursive: true });
writeFileSync(path.join(root, file), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);

const redocly = fileURLToPath(import.meta.resolve("@redocly/cli/bin/cli.js"));
const { status, error } = spawnSync(
  process.execPath,
  [redocly, "lint", file, "--lint-config=error", "--max-problems=1000"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
if (error) throw error;
process.exit(status ?? 1);
