/** The reference page's closing sections: authentication, errors and the schemas (see ./api-reference.tsx). */
import type { ErrorCode } from "@/lib/errors";
import type { JsonSchema, OpenApiDocument } from "@/lib/openapi/types";
import { InlineMarkdown } from "./inline-markdown";
import { schemaAnchor, SchemaView } from "./schema-view";

export function Authentication({ doc }: { doc: OpenApiDocument }) {
  return (
    <section id="authentication" aria-labelledby="authentication-title" className="scroll-mt-24 space-y-3">
      <h2 id="authentication-title" className="text-2xl font-semibold">
        <a href="#authentication" className="hover:underline">
          Authentication
        </a>
      </h2>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Security schemes</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Scheme
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                How
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Errors({ doc, errorStatus }: { doc: OpenApiDocument; errorStatus: Record<ErrorCode, number> }) {
  const error = doc.components.schemas.Error as JsonSchema & { properties?: { code?: { enum?: string[] } } };
  const codes = error.properties?.code?.enum ?? [];
  return (
    <section id="errors" aria-labelledby="errors-title" className="scroll-mt-24 space-y-3">
      <h2 id="errors-title" className="text-2xl font-semibold">
        <a href="#errors" className="hover:underline">
          Errors
        </a>
      </h2>
      <p className="text-sm text-muted-foreground">
        Every error answer is the{" "}
        <a href={`#${schemaAnchor("Error")}`} className="font-mono text-primary underline underline-offset-2">
          Error
        </a>{" "}
        object <code className="font-mono">{`{ "msg": "...", "code": "..." }`}</code>. Branch on{" "}
        <code className="font-mono">code</code>; show <code className="font-mono">msg</code>.
      </p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Error codes and their usual HTTP status</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                code
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Usual status
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Schemas({ doc }: { doc: OpenApiDocument }) {
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-24 space-y-3">
      <h2 id="schemas-title" className="text-2xl font-semibold">
        <a href="#schemas" className="hover:underline">
          Schemas
        </a>
      </h2>
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
    </section>
  );
}
