import type { Metadata } from "next";
import { ApiReference } from "@/components/api-docs/api-reference";
import { Logo } from "@/components/shell/logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { ERROR_STATUS } from "@/lib/errors";
import { getOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "The ColdMail AI HTTP API: every endpoint, its parameters, bodies, answers and errors, and how to check webhook signatures.",
};

/** Public API reference, rendered on the server from GET /api/openapi.json's document (no external assets). */
export default function ApiDocsPage() {
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo href="/" />
            <span className="rounded-md border px-2 py-0.5 text-xs font-medium text-muted-foreground">
              API reference
            </span>
          </div>
          <div className="flex items-center gap-2">
            <a
              href="/api/openapi.json"
              className="text-sm text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
            >
              OpenAPI JSON
            </a>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <ApiReference doc={getOpenApiDocument()} errorStatus={ERROR_STATUS} />
    </div>
  );
}
