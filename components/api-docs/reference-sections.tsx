/** The reference page's closing sections: authentication, errors and the schemas (see ./api-reference.tsx). */
import type { ErrorCode } from "@/lib/errors";
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/types";
import { DocSection, DocTable } from "./doc-parts";
import { InlineMarkdown } from "./inline-markdown";
import { schemaAnchor, SchemaView } from "./schema-view";

export function Authentication({ doc }: { doc: OpenApiDocument }) {
  return (
    <DocSection id="authentication" title="Authentication">
      <DocTable caption="Security schemes" headers={["Scheme", "How", "Description"]}>
        {Object.entries(doc.components.securitySchemes).map(([name, s]) => (
          <tr key={name} className="border-t align-top">
            <th scope="row" className="px-3 py-2 font-mono text-xs font-semibold">
              {name}
            </th>
            <td className="px-3 py-2 font-mono text-xs text-muted-foreground">
              {s.type === "http"
                ? `Authorization: ${s.scheme === "bearer" ? "Bearer" : s.scheme} …`
                : `${s.in} ${s.name}`}
            </td>
            <td className="px-3 py-2 text-muted-foreground">
              {s.description ? <InlineMarkdown text={s.description} /> : null}
            </td>
          </tr>
        ))}
      </DocTable>
    </DocSection>
  );
}

export function Errors({ doc, errorStatus }: { doc: OpenApiDocument; errorStatus: Record<ErrorCode, number> }) {
  const error = doc.components.schemas.Error as JsonSchema & { properties?: { code?: { enum?: string[] } } };
  const codes = error.properties?.code?.enum ?? [];
  return (
    <DocSection id="errors" title="Errors">
      <p className="text-sm text-muted-foreground">
        Every error answer is the{" "}
        <a href={`#${schemaAnchor("Error")}`} className="font-mono text-primary underline underline-offset-2">
          Error
        </a>{" "}
        object <code className="font-mono">{`{ "msg": "...", "code": "..." }`}</code>. Branch on{" "}
        <code className="font-mono">code</code>; show <code className="font-mono">msg</code>.
      </p>
      <DocTable caption="Error codes and their usual HTTP status" headers={["code", "Usual status"]}>
        {codes.map((code) => (
          <tr key={code} className="border-t">
            <th scope="row" className="px-3 py-1.5 font-mono text-xs font-semibold">
              {code}
            </th>
            <td className="px-3 py-1.5 font-mono text-xs text-muted-foreground">
              {errorStatus[code as ErrorCode] ?? "—"}
            </td>
          </tr>
        ))}
      </DocTable>
    </DocSection>
  );
}

export function Schemas({ doc }: { doc: OpenApiDocument }) {
  return (
    <DocSection id="schemas" title="Schemas">
      <div className="space-y-3">
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <section
            key={name}
            id={schemaAnchor(name)}
            aria-label={`Schema ${name}`}
            className="scroll-mt-32 rounded-lg border bg-card px-4 py-3"
          >
            <h3 className="font-mono text-sm font-semibold">{name}</h3>
            <div className="mt-1">
              <SchemaView schema={schema} />
            </div>
          </section>
        ))}
      </div>
    </DocSection>
  );
}
