/** Parts of one operation on the reference page: its path, access, parameters and examples. */
import type { MediaTypeObject, OperationObject, ParameterObject, SecurityRequirement } from "@/lib/openapi/types";
import { DocTable } from "./doc-parts";
import { InlineMarkdown } from "./inline-markdown";
import { TypeLabel } from "./schema-view";

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The path with its `{params}` set apart. */
export function PathText({ path }: { path: string }) {
  return (
    <code className="font-mono text-sm break-all text-foreground">
      {path.split(/(\{\w+\})/g).map((part, i) =>
        /^\{\w+\}$/.test(part) ? (
          <span key={i} className="text-primary">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}

const ACCESS_TEXT: Record<string, string> = {
  public: "Public: no credentials needed.",
  optional: "Optional: works signed out; a session or API key makes it act for that user.",
  user: "A session or an API key.",
  admin: "A session or an API key of an admin.",
  session: "A session only: requests made with an API key are answered 403.",
  cron: "`Authorization: Bearer $CRON_SECRET`.",
  stripe: "Stripe's signature (`stripe-signature`).",
};

export function Security({ op }: { op: OperationObject }) {
  const schemes = [...new Set(op.security.flatMap((r: SecurityRequirement) => Object.keys(r)))];
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">Auth: </span>
      <InlineMarkdown
        text={ACCESS_TEXT[op["x-access"] ?? ""] ?? (schemes.length ? "Credentials required." : "Public.")}
      />
      {schemes.length ? (
        <>
          {" "}
          (
          {schemes.map((s, i) => (
            <span key={s}>
              {i > 0 ? ", " : null}
              <a href="#authentication" className="font-mono text-primary underline underline-offset-2">
                {s}
              </a>
            </span>
          ))}
          )
        </>
      ) : null}
    </p>
  );
}

export function Parameters({ params }: { params: ParameterObject[] }) {
  return (
    <DocTable caption="Parameters" headers={["Name", "In", "Type", "Description"]} compact>
      {params.map((p) => (
        <tr key={`${p.in}-${p.name}`} className="border-t align-top">
          <th scope="row" className="px-3 py-1.5 font-mono text-xs font-semibold whitespace-nowrap">
            {p.name}
            {p.required ? (
              <span className="ml-1 text-destructive" aria-label="required" title="required">
                *
              </span>
            ) : null}
          </th>
          <td className="px-3 py-1.5 text-xs text-muted-foreground">{p.in}</td>
          <td className="px-3 py-1.5 text-xs text-muted-foreground">
            <TypeLabel schema={p.schema} />
            {p.schema.default !== undefined ? ` (default ${JSON.stringify(p.schema.default)})` : null}
          </td>
          <td className="px-3 py-1.5 text-muted-foreground">
            {p.description ? <InlineMarkdown text={p.description} /> : null}
          </td>
        </tr>
      ))}
    </DocTable>
  );
}

export function Example({ media, label }: { media: MediaTypeObject; label: string }) {
  const examples =
    media.example !== undefined
      ? [["Example", media.example] as const]
      : Object.entries(media.examples ?? {}).map(([name, e]) => [name, e.value] as const);
  if (!examples.length) return null;
  return (
    <details className="rounded-md border">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-muted-foreground select-none hover:text-foreground">
        {label}
      </summary>
      <div className="space-y-2 border-t p-2">
        {examples.map(([name, value]) => (
          <div key={name}>
            {examples.length > 1 ? <p className="mb-1 font-mono text-xs text-muted-foreground">{name}</p> : null}
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto rounded bg-muted/50 p-2 font-mono text-xs text-foreground"
            >
              {pretty(value)}
            </pre>
          </div>
        ))}
      </div>
    </details>
  );
}
