import type { ReactNode } from "react";
import { formatNumber } from "@/lib/client/format";
import type { JsonSchema } from "@/lib/openapi/types";
import { InlineMarkdown } from "./inline-markdown";

const MAX_DEPTH = 6;
const REF_PREFIX = "#/components/schemas/";

/** The page anchor of a component schema. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

const asSchema = (v: unknown): JsonSchema | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as JsonSchema) : null;
const list = (v: unknown): JsonSchema[] =>
  Array.isArray(v) ? v.map(asSchema).filter((s): s is JsonSchema => s !== null) : [];

function refName(schema: JsonSchema): string | null {
  return typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX)
    ? schema.$ref.slice(REF_PREFIX.length)
    : null;
}

/** A short type label: `string`, `Ticket[]`, `"a" | "b"`, `map<string, string>`... ($refs become links). */
export function TypeLabel({ schema }: { schema: JsonSchema }): ReactNode {
  const name = refName(schema);
  if (name) {
    return (
      <a href={`#${schemaAnchor(name)}`} className="font-mono text-primary underline underline-offset-2">
        {name}
      </a>
    );
  }
  if (schema.const !== undefined) return <span className="font-mono">{JSON.stringify(schema.const)}</span>;
  if (Array.isArray(schema.enum))
    return <span className="font-mono">{schema.enum.map((v) => JSON.stringify(v)).join(" | ")}</span>;
  for (const [key, sep] of [
    ["anyOf", " | "],
    ["oneOf", " | "],
    ["allOf", " & "],
  ] as const) {
    const members = list(schema[key]);
    if (members.length) {
      return (
        <>
          {members.map((m, i) => (
            <span key={i}>
              {i > 0 ? <span className="text-muted-foreground">{sep}</span> : null}
              <TypeLabel schema={m} />
            </span>
          ))}
        </>
      );
    }
  }
  const type = schema.type;
  if (Array.isArray(type)) return <span className="font-mono">{type.join(" | ")}</span>;
  if (type === "array") {
    const items = asSchema(schema.items);
    return (
      <span className="font-mono">
        {items ? <TypeLabel schema={items} /> : "any"}
        []
      </span>
    );
  }
  if (type === "object") {
    const extra = asSchema(schema.additionalProperties);
    if (!schema.properties && extra && Object.keys(extra).length) {
      return (
        <span className="font-mono">
          map&lt;string, <TypeLabel schema={extra} />
          &gt;
        </span>
      );
    }
    return <span className="font-mono">object</span>;
  }
  if (typeof type === "string")
    return (
      <span className="font-mono">
        {type === "string" && typeof schema.format === "string" ? `string (${schema.format})` : type}
      </span>
    );
  return <span className="font-mono">any</span>;
}

/** Bounds and defaults worth reading (patterns are left to the raw schema). */
function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  const num = (k: string) =>
    typeof schema[k] === "number" && Math.abs(schema[k] as number) < Number.MAX_SAFE_INTEGER
      ? (schema[k] as number)
      : null;
  const pairs: [string, string][] = [
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minimum", "≥"],
    ["maximum", "≤"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
  ];
  for (const [key, text] of pairs) {
    const value = num(key);
    if (value !== null) out.push(`${text} ${formatNumber(value, "en-US")}`);
  }
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** Inline object schemas nested under a property (objects, arrays of objects, members of unions). */
function nestedOf(schema: JsonSchema): JsonSchema[] {
  if (refName(schema)) return [];
  if (schema.properties) return [schema];
  const items = asSchema(schema.items);
  if (items) return nestedOf(items);
  return [...list(schema.anyOf), ...list(schema.oneOf), ...list(schema.allOf)].flatMap(nestedOf);
}

function PropertyRow({
  name,
  schema,
  required,
  depth,
}: {
  name: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
}) {
  const nested = depth < MAX_DEPTH ? nestedOf(schema) : [];
  const bounds = constraints(schema);
  return (
    <li className="border-t py-2 first:border-t-0">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono text-sm font-semibold text-foreground">{name}</code>
        <span className="text-xs text-muted-foreground">
          <TypeLabel schema={schema} />
        </span>
        {required ? (
          <span className="rounded bg-muted px-1.5 text-[0.7rem] font-medium uppercase tracking-wide text-foreground">
            required
          </span>
        ) : null}
        {bounds.length ? <span className="text-xs text-muted-foreground">{bounds.join(" · ")}</span> : null}
      </div>
      {typeof schema.description === "string" ? (
        <p className="mt-0.5 text-sm text-muted-foreground">
          <InlineMarkdown text={schema.description} />
        </p>
      ) : null}
      {nested.map((child, i) => (
        <details key={i} className="group mt-1.5 rounded-md border bg-muted/30 px-3 py-1">
          <summary className="cursor-pointer py-1 text-xs font-medium text-muted-foreground select-none hover:text-foreground">
            {nested.length > 1 ? `Fields of option ${i + 1}` : "Fields"}
          </summary>
          <SchemaView schema={child} depth={depth + 1} />
        </details>
      ))}
    </li>
  );
}

/** A JSON Schema as a readable tree: one row per property, nested objects collapsible. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const properties = asSchema(schema.properties);
  if (properties) {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const entries = Object.entries(properties);
    const extra = asSchema(schema.additionalProperties);
    return (
      <div>
        {typeof schema.description === "string" && depth === 0 ? (
          <p className="mb-1 text-sm text-muted-foreground">
            <InlineMarkdown text={schema.description} />
          </p>
        ) : null}
        {entries.length ? (
          <ul className="text-sm">
            {entries.map(([name, prop]) => (
              <PropertyRow
                key={name}
                name={name}
                schema={asSchema(prop) ?? {}}
                required={required.has(name)}
                depth={depth}
              />
            ))}
          </ul>
        ) : (
          <p className="py-1 text-sm text-muted-foreground">No fields.</p>
        )}
        {extra && Object.keys(extra).length ? (
          <p className="border-t pt-2 text-xs text-muted-foreground">
            Other fields: <TypeLabel schema={extra} />
          </p>
        ) : null}
      </div>
    );
  }
  for (const [key, text] of [
    ["anyOf", "One of"],
    ["oneOf", "One of"],
    ["allOf", "All of"],
  ] as const) {
    const members = list(schema[key]);
    if (members.length && depth < MAX_DEPTH) {
      return (
        <div className="space-y-2 text-sm">
          <p className="text-xs font-medium text-muted-foreground">{text}:</p>
          {members.map((member, i) => (
            <div key={i} className="rounded-md border px-3 py-1.5">
              {member.properties || member.anyOf || member.oneOf || member.allOf ? (
                <SchemaView schema={member} depth={depth + 1} />
              ) : (
                <TypeLabel schema={member} />
              )}
            </div>
          ))}
        </div>
      );
    }
  }
  const items = asSchema(schema.items);
  if (schema.type === "array" && items && !refName(items) && depth < MAX_DEPTH) {
    return (
      <div className="text-sm">
        <p className="text-xs font-medium text-muted-foreground">A list of:</p>
        <SchemaView schema={items} depth={depth + 1} />
      </div>
    );
  }
  return (
    <p className="text-sm">
      <TypeLabel schema={schema} />
      {constraints(schema).length ? (
        <span className="ml-2 text-xs text-muted-foreground">{constraints(schema).join(" · ")}</span>
      ) : null}
    </p>
  );
}
