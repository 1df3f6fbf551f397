import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { OpenApiDocument } from "@/lib/openapi/types";

// Validates answers against the OpenAPI document itself (its JSON Schema 2020-12), not against the zod
// schemas it was generated from: what a client reads is what is checked.

const COMPONENTS = "openapi-components.json";

/** A validator of JSON values against the document's schemas; compiled schemas are kept. */
export function documentValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const relink = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`)) as object;
  ajv.addSchema({ $id: COMPONENTS, $defs: relink(doc.components.schemas) });
  const compiled = new Map<object, ValidateFunction>();
  return {
    /** Null when the value matches, else the problems (path and message), one per line. */
    problems(schema: object, value: unknown): string | null {
      let validate = compiled.get(schema);
      if (!validate) compiled.set(schema, (validate = ajv.compile(relink(schema))));
      if (validate(value)) return null;
      return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("\n");
    },
  };
}
