"use client";

import { BookOpenText } from "lucide-react";
import { useId, useRef } from "react";
import { ToggleGroup } from "radix-ui";
import { Button } from "@/components/ui/button";
import { GENERATOR_VIEWS, type GeneratorView } from "@/lib/services/preferences/schemas";
import { cn } from "@/lib/utils";

const VIEW_LABELS: Record<GeneratorView, string> = { all: "All columns", output_first: "Output first" };
const isView = (value: string): value is GeneratorView => (GENERATOR_VIEWS as readonly string[]).includes(value);
/** The switch's choices, in their order on screen. */
const VIEWS = ["all", "output_first"] as const satisfies readonly GeneratorView[];
const STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The choice a key leads to from `value` (arrows wrap around, Home and End), or null for other keys. */
function viewForKey(event: React.KeyboardEvent, value: GeneratorView): GeneratorView | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (event.key === "Home") return VIEWS[0];
  if (event.key === "End") return VIEWS[VIEWS.length - 1]!;
  const step = STEPS[event.key];
  if (step === undefined) return null;
  return VIEWS[(VIEWS.indexOf(value) + step + VIEWS.length) % VIEWS.length]!;
}

/** The keyboard shortcut that opens the reading view from the table. */
export const READ_SHORTCUT = "r";

/**
 * Above the table: the "Table view" switch (every column in the file's order, or the output right
 * after the row number) and "Read one by one", which opens the reading view.
 */
export function TableViewBar({
  view,
  onViewChange,
  onRead,
  canRead,
}: {
  view: GeneratorView;
  onViewChange: (view: GeneratorView) => void;
  onRead: () => void;
  canRead: boolean;
}) {
  const labelId = useId();
  const items = useRef(new Map<GeneratorView, HTMLButtonElement>());
  // A radio group (WAI-ARIA): the arrow keys, Home and End choose as they move the focus. Radix's
  // ToggleGroup only moves the focus, a task later (setTimeout): a Space typed right after an arrow
  // went to the item left behind. Here the focus and the choice move at once, and preventDefault()
  // keeps Radix's roving focus out of it.
  const onItemKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>, value: GeneratorView) => {
    const next = viewForKey(event, value);
    if (!next) return;
    event.preventDefault();
    items.current.get(next)?.focus();
    onViewChange(next);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-2">
        <span id={labelId} className="text-sm text-muted-foreground">
          Table view
        </span>
        <ToggleGroup.Root
          type="single"
          value={view}
          // A click on the chosen item would clear the value: the view stays as it is then.
          onValueChange={(value) => isView(value) && onViewChange(value)}
          aria-labelledby={labelId}
          className="inline-flex rounded-md border bg-muted p-0.5"
        >
          {VIEWS.map((value) => (
            <ToggleGroup.Item
              key={value}
              value={value}
              ref={(element) => {
                if (element) items.current.set(value, element);
              }}
              onKeyDown={(event) => onItemKeyDown(event, value)}
              className={cn(
                "h-8 rounded px-3 text-sm font-medium text-muted-foreground transition-colors outline-none",
                "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                "data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs",
              )}
            >
              {VIEW_LABELS[value]}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRead}
        disabled={!canRead}
        aria-keyshortcuts={READ_SHORTCUT.toUpperCase()}
        title={`Read one by one (${READ_SHORTCUT.toUpperCase()})`}
      >
        <BookOpenText aria-hidden /> Read one by one
      </Button>
    </div>
  );
}
