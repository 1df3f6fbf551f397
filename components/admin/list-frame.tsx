import { FormAlert } from "@/components/auth/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { Pager } from "./pager";
import type { PaginationJson } from "@/lib/responses/common";

interface Props<Row> {
  /** Why the list could not load ("" when it did); rows already shown stay under it. */
  error: string;
  /** Another message of the screen, shown under the list's own error. */
  notice?: React.ReactNode;
  /** The rows of this page; undefined before the first load (skeleton rows). */
  rows: readonly Row[] | undefined;
  /** The rows shown belong to the previous filters or page while the new ones load: dimmed. */
  refreshing: boolean;
  loadingLabel: string;
  emptyText: string;
  /** The table's header cells, and its test id. */
  head: React.ReactNode;
  testId?: string;
  pagination: PaginationJson | null;
  onPage: (page: number) => void;
  /** The table rows of the loaded rows. */
  children: (rows: readonly Row[]) => React.ReactNode;
}

/**
 * The states every admin list shares: its error, loading skeleton, empty text, the table card and
 * its pager. A list that failed before its first rows shows only the error.
 */
export function ListFrame<Row>({ error, notice, ...body }: Props<Row>) {
  return (
    <>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {notice}
      {error && !body.rows ? null : <ListBody {...body} />}
    </>
  );
}

function ListBody<Row>({
  rows,
  refreshing,
  loadingLabel,
  emptyText,
  head,
  testId,
  pagination,
  onPage,
  children,
}: Omit<Props<Row>, "error" | "notice">) {
  if (!rows) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label={loadingLabel}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (rows.length === 0)
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <div className={cn("space-y-4 transition-opacity", refreshing && "opacity-60")} aria-busy={refreshing}>
      <div className="rounded-xl border bg-card">
        <Table data-testid={testId}>
          <TableHeader>
            <TableRow>{head}</TableRow>
          </TableHeader>
          <TableBody>{children(rows)}</TableBody>
        </Table>
      </div>
      <Pager pagination={pagination} onPage={onPage} />
    </div>
  );
}

/** The last header cell of a list whose rows end in buttons: named for screen readers only. */
export function ActionsHead() {
  return (
    <TableHead className="text-right">
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}
