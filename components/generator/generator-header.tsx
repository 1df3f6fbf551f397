import { formatCount } from "@/lib/csv/limits";

export function GeneratorHeader({
  rowCount,
  fileName,
  connectionLabel,
  children,
}: {
  rowCount: number | null;
  fileName?: string;
  connectionLabel: string | null;
  children?: React.ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Email Generator</h1>
        <p className="text-sm text-muted-foreground" data-testid="row-count">
          {rowCount === null ? "No data loaded" : `${fileName ? `${fileName} · ` : ""}${formatCount(rowCount)} rows`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        {children}
        <span className="text-muted-foreground">
          {/* The connection reads "provider > name". */}
          Connection:{" "}
          <span className="font-medium text-foreground" data-testid="generator-connection">
            {connectionLabel ?? "No connection configured"}
          </span>
        </span>
      </div>
    </header>
  );
}
