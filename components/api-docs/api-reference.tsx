import { Link2 } from "lucide-react";
import type { ErrorCode } from "@/lib/errors";
import type { OpenApiDocument, OperationObject } from "@/lib/openapi/types";
import { InlineMarkdown, Markdown } from "./inline-markdown";
import { MethodBadge, StatusBadge } from "./method-badge";
import { FilterGroup, FilterItem, OperationFilter } from "./operation-filter";
import { SchemaView, TypeLabel } from "./schema-view";
import { Authentication, Errors, Schemas } from "./reference-sections";
import { Example, Parameters, PathText, pretty, Security } from "./operation-parts";
import { WebhookSignatures } from "./webhook-signatures";

interface Entry {
  path: string;
  method: string;
  op: OperationObject;
}

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
const searchText = (e: Entry) =>
  [e.method, e.path, e.op.summary, e.op.operationId, ...e.op.tags, e.op["x-also-at"] ?? ""].join(" ").toLowerCase();

function entriesOf(doc: OpenApiDocument): Entry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as OperationObject })),
  );
}

function Operation({ entry }: { entry: Entry }) {
  const { op, method, path } = entry;
  const params = op.parameters ?? [];
  const body = op.requestBody?.content["application/json"];
  const titleId = `${op.operationId}-title`;
  return (
    <article
      id={op.operationId}
      data-operation={`${method.toUpperCase()} ${path}`}
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-lg border bg-card p-4 shadow-sm"
    >
      <header className="space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={method} />
          <PathText path={path} />
          <a
            href={`#${op.operationId}`}
            className="ml-auto rounded p-1 text-muted-foreground hover:text-foreground"
            aria-label={`Link to ${method.toUpperCase()} ${path}`}
          >
            <Link2 className="size-4" aria-hidden />
          </a>
        </div>
        <h4 id={titleId} className="text-base font-semibold">
          {op.summary}
        </h4>
      </header>
      <div className="mt-2 space-y-3">
        {op.description ? <Markdown text={op.description} className="text-sm text-muted-foreground" /> : null}
        <Security op={op} />
        {params.length ? (
          <section aria-label="Parameters" className="space-y-1.5">
            <h5 className="text-sm font-semibold">Parameters</h5>
            <Parameters params={params} />
          </section>
        ) : null}
        {body ? (
          <section aria-label="Request body" className="space-y-1.5">
            <h5 className="text-sm font-semibold">
              Request body <span className="font-normal text-muted-foreground">(application/json)</span>
            </h5>
            <details className="rounded-md border" open>
              <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-muted-foreground select-none hover:text-foreground">
                Schema
              </summary>
              <div className="border-t px-3 py-1">
                <SchemaView schema={body.schema} />
              </div>
            </details>
            <details className="rounded-md border">
              <summary className="cursor-pointer px-3 py-1.5 text-xs font-medium text-muted-foreground select-none hover:text-foreground">
                JSON Schema
              </summary>
              <pre
                tabIndex={0}
                className="max-h-96 overflow-auto border-t bg-muted/50 p-2 font-mono text-xs text-foreground"
              >
                {pretty(body.schema)}
              </pre>
            </details>
            <Example media={body} label="Example request" />
          </section>
        ) : null}
        <section aria-label="Responses" className="space-y-1.5">
          <h5 className="text-sm font-semibold">Responses</h5>
          <ul className="space-y-1.5">
            {Object.entries(op.responses).map(([status, response]) => {
              const media = response.content?.["application/json"];
              return (
                <li key={status} className="space-y-1">
                  <div className="flex flex-wrap items-baseline gap-2 text-sm">
                    <StatusBadge status={status} />
                    <span className="text-muted-foreground">
                      <InlineMarkdown text={response.description} />
                    </span>
                    {media ? (
                      <span className="text-xs text-muted-foreground">
                        → <TypeLabel schema={media.schema} />
                      </span>
                    ) : null}
                  </div>
                  {media && status.startsWith("2") ? (
                    <Example media={media} label={`Example ${status} answer`} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </article>
  );
}

/** The whole reference, server-rendered from the document; only the filter box runs in the browser. */
export function ApiReference({ doc, errorStatus }: { doc: OpenApiDocument; errorStatus: Record<ErrorCode, number> }) {
  const entries = entriesOf(doc);
  const tags = doc.tags
    .map((tag) => ({ ...tag, entries: entries.filter((e) => e.op.tags.includes(tag.name)) }))
    .filter((t) => t.entries.length);
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav
        aria-label="API reference sections"
        className="lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto"
      >
        <ul className="space-y-1 text-sm">
          {[
            ["#overview", "Overview"],
            ["#authentication", "Authentication"],
            ["#errors", "Errors"],
            ["#webhook-signatures", "Webhook signatures"],
          ].map(([href, text]) => (
            <li key={href}>
              <a
                href={href}
                className="block rounded px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                {text}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-4 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Operations</p>
        <ul className="mt-1 space-y-1 text-sm">
          {tags.map((tag) => (
            <li key={tag.name}>
              <a
                href={`#${tagAnchor(tag.name)}`}
                className="flex justify-between rounded px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <span>{tag.name}</span>
                <span className="text-xs">{tag.entries.length}</span>
              </a>
            </li>
          ))}
          <li>
            <a
              href="#schemas"
              className="block rounded px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              Schemas
            </a>
          </li>
        </ul>
      </nav>

      <main id="main" className="min-w-0 space-y-10">
        <section id="overview" aria-labelledby="overview-title" className="scroll-mt-24 space-y-3">
          <h1 id="overview-title" className="text-3xl font-bold">
            {doc.info.title}
          </h1>
          <p className="text-sm text-muted-foreground">
            Version {doc.info.version} · OpenAPI {doc.openapi} ·{" "}
            <a href="/api/openapi.json" className="text-primary underline underline-offset-2">
              /api/openapi.json
            </a>
          </p>
          <Markdown text={doc.info.description} className="max-w-3xl text-sm text-muted-foreground" />
        </section>

        <Authentication doc={doc} />
        <Errors doc={doc} errorStatus={errorStatus} />

        <section aria-labelledby="operations-title" className="space-y-6">
          <h2 id="operations-title" className="text-2xl font-semibold">
            Operations
          </h2>
          <OperationFilter searchTexts={entries.map(searchText)}>
            <div className="space-y-10">
              {tags.map((tag) => (
                <FilterGroup key={tag.name} texts={tag.entries.map(searchText)}>
                  <section
                    id={tagAnchor(tag.name)}
                    aria-labelledby={`${tagAnchor(tag.name)}-title`}
                    className="scroll-mt-24 space-y-4"
                  >
                    <div>
                      <h3 id={`${tagAnchor(tag.name)}-title`} className="text-xl font-semibold">
                        <a href={`#${tagAnchor(tag.name)}`} className="hover:underline">
                          {tag.name}
                        </a>
                      </h3>
                      {tag.description ? <p className="text-sm text-muted-foreground">{tag.description}</p> : null}
                    </div>
                    {tag.entries.map((entry) => (
                      <FilterItem key={`${entry.method} ${entry.path}`} text={searchText(entry)}>
                        <Operation entry={entry} />
                      </FilterItem>
                    ))}
                  </section>
                </FilterGroup>
              ))}
            </div>
          </OperationFilter>
        </section>

        <WebhookSignatures doc={doc} />
        <Schemas doc={doc} />
      </main>
    </div>
  );
}
