import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { localRules } from "./eslint-rules/import-cycles.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Prettier formats to 120 columns; long strings, URLs and regular expressions may run past it.
    rules: {
      "max-len": [
        "error",
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignoreComments: false,
        },
      ],
    },
  },
  {
    // A service function reads at once: at most 80 lines, blank lines and comments included.
    files: ["lib/services/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    // No import cycles (type-only imports count: a module importing its types back from its importer is one
    // piece split in two). docs/architecture.md says where shared parts go. import-x/no-cycle skips type-only
    // imports; local/no-import-cycle (eslint-rules/import-cycles.mjs) counts them, over tsconfig.json's files.
    files: ["**/*.{ts,tsx}"],
    plugins: { local: localRules },
    rules: { "local/no-import-cycle": "error" },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  { ignores: [".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
