"use client";

import { useEffect, useEffectEvent, useState } from "react";
import type { TableRow } from "./csv-store";
import { ROW_HEIGHT } from "./csv-table";
import { READ_SHORTCUT } from "./table-view-bar";

/** The row being read, by id (the list may change while it is open) and where it last was. */
interface Current {
  id: number;
  index: number;
}

/** Where the row being read is now: by its id; when it left the list, the place it had (clamped). */
function resolveIndex(rows: readonly TableRow[], current: Current | null): number {
  if (!current || rows.length === 0) return -1;
  if (rows[current.index]?.id === current.id) return current.index;
  const found = rows.findIndex((r) => r.id === current.id);
  return found >= 0 ? found : Math.min(current.index, rows.length - 1);
}

/** A key typed on the page itself (not into a field, a dialog or a menu), without modifiers. */
function isPageShortcut(event: KeyboardEvent, key: string): boolean {
  if (event.key.toLowerCase() !== key || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return true;
  if (target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return false;
  return !target.closest("[role=dialog], [role=alertdialog], [role=menu], [role=listbox]");
}

/** Scrolls the table so that the row at `index` (of the rows it shows) is in view. */
function scrollToRow(scroller: HTMLDivElement | null, index: number): void {
  if (!scroller || index < 0) return;
  const top = index * ROW_HEIGHT;
  const visible = scroller.clientHeight - 2 * ROW_HEIGHT; // below the sticky header
  if (top >= scroller.scrollTop && top <= scroller.scrollTop + visible) return;
  scroller.scrollTop = Math.max(0, top - visible / 2);
}

/**
 * The reading view's state: which of the shown rows is read, moving to the previous or next one,
 * opening at the first row in view ("Read one by one", or the R key on the page) and, when it
 * closes, scrolling the table to the row last read.
 */
export function useReadingView(rows: readonly TableRow[], scrollRef: React.RefObject<HTMLDivElement | null>) {
  const [current, setCurrent] = useState<Current | null>(null);
  const index = resolveIndex(rows, current);
  const open = index >= 0;
  // Every row read left the list (the flagged filter after a regeneration): closed for good, not
  // opened again when rows come back.
  if (current && !open) setCurrent(null);

  const goTo = (i: number) => {
    const row = rows[i];
    if (row) setCurrent({ id: row.id, index: i });
  };
  const openInView = () => {
    const scroller = scrollRef.current;
    goTo(Math.min(rows.length - 1, Math.floor((scroller?.scrollTop ?? 0) / ROW_HEIGHT)));
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (open || rows.length === 0 || !isPageShortcut(event, READ_SHORTCUT)) return;
    event.preventDefault();
    openInView();
  });
  useEffect(() => {
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return {
    open,
    /** The row's place among the rows shown (-1 when closed). */
    index,
    row: open ? rows[index]! : null,
    openInView,
    /** Moves by `delta` rows; nothing past either end. */
    move: (delta: number) => goTo(index + delta),
    close: () => {
      scrollToRow(scrollRef.current, index);
      setCurrent(null);
    },
  };
}
