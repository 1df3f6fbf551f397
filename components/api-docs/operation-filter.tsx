"use client";

import { createContext, useContext, useId, useMemo, useState, type ReactNode } from "react";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/** Lower-case words of the query; an operation matches when its text holds every one of them. */
function matcher(query: string): (text: string) => boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return (text) => words.every((w) => text.includes(w));
}

const FilterContext = createContext<(text: string) => boolean>(() => true);

/**
 * The search box over the operations. The operations themselves are server-rendered children;
 * each is wrapped in a `FilterItem` carrying its search text (method, path, summary, tag...).
 */
export function OperationFilter({ searchTexts, children }: { searchTexts: string[]; children: ReactNode }) {
  const [query, setQuery] = useState("");
  const matches = useMemo(() => matcher(query), [query]);
  const count = useMemo(() => searchTexts.filter(matches).length, [searchTexts, matches]);
  const inputId = useId();
  const statusId = useId();
  return (
    <FilterContext.Provider value={matches}>
      <div className="sticky top-0 z-10 -mx-1 border-b bg-background/95 px-1 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <label htmlFor={inputId} className="sr-only">
          Filter operations
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Filter by path, method, summary or tag (e.g. “post csv”)"
            className="pl-9"
            aria-describedby={statusId}
            autoComplete="off"
          />
        </div>
        <p id={statusId} className="mt-1.5 text-xs text-muted-foreground" aria-live="polite">
          {query.trim() ? `${count} of ${searchTexts.length} operations match` : `${searchTexts.length} operations`}
        </p>
      </div>
      {children}
      {count === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No operations match “{query}”.
        </p>
      ) : null}
    </FilterContext.Provider>
  );
}

/** One operation: hidden while the filter does not match its text. */
export function FilterItem({ text, children }: { text: string; children: ReactNode }) {
  const matches = useContext(FilterContext);
  return <div hidden={!matches(text)}>{children}</div>;
}

/** A tag's section: hidden while none of its operations match. */
export function FilterGroup({ texts, children }: { texts: string[]; children: ReactNode }) {
  const matches = useContext(FilterContext);
  return <div hidden={!texts.some(matches)}>{children}</div>;
}
