"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/csv/limits";

const SCROLL_STEP = 100;

/**
 * "N rows x M columns" ("4 of N rows x M columns" when a filter shows only some) and the horizontal
 * scroll buttons (100 px steps).
 */
export function TableFooter({
  rows,
  shown = rows,
  columns,
  scrollRef,
}: {
  rows: number;
  /** Rows the table shows (the "Flagged rows" filter). */
  shown?: number;
  columns: number;
  scrollRef: React.RefObject<HTMLDivElement | null>;
}) {
  const scroll = (dx: number) => scrollRef.current?.scrollBy({ left: dx, behavior: "smooth" });
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
      <span data-testid="table-size">
        {shown === rows ? "" : `${formatCount(shown)} of `}
        {formatCount(rows)} rows x {columns} columns
      </span>
      <div className="flex gap-1">
        <Button variant="outline" size="icon" aria-label="Scroll left" onClick={() => scroll(-SCROLL_STEP)}>
          <ChevronLeft />
        </Button>
        <Button variant="outline" size="icon" aria-label="Scroll right" onClick={() => scroll(SCROLL_STEP)}>
          <ChevronRight />
        </Button>
      </div>
    </div>
  );
}
