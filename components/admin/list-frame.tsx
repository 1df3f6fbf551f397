import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { Pager } from "./pager";
import type { PaginationJson } from "@/lib/responses/common";

interface Props {
  /** Nothing loaded yet (first load): skeleton rows. */
  loading: boolean;
  /** The rows shown belong to the previous filters or page while the new ones load: dimmed. */
  refreshing: boolean;
  loadingLabel: string;
  empty: boolean;
  emptyText: string;
  pagination: PaginationJson | null;
  onPage: (page: number) => void;
  children: React.ReactNode;
}

/** The states every admin list shares: loading skeleton, empty text, the table card and its pager. */
export function ListFrame({
  loading,
  refreshing,
  loadingLabel,
  empty,
  emptyText,
  pagination,
  onPage,
  children,
}: Props) {
  if (loading) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label={loadingLabel}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (empty)
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <div className={cn("space-y-4 transition-opacity", refreshing && "opacity-60")} aria-busy={refreshing}>
      <div className="rounded-xl border bg-card">{children}</div>
      <Pager pagination={pagination} onPage={onPage} />
    </div>
  );
}
