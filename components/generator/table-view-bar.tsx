"use client";

import { BookOpenText } from "lucide-react";
import { useId } from "react";
import { ToggleGroup } from "radix-ui";
import { Button } from "@/components/ui/button";
import { GENERATOR_VIEWS, type GeneratorView } from "@/lib/services/preferences/schemas";
import { cn } from "@/lib/utils";

const VIEW_LABELS: Record<GeneratorView, string> = { all: "All columns", output_first: "Output first" };
const isView = (value: string): value is GeneratorView => (GENERATOR_VIEWS as readonly string[]).includes(value);

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
          {(["all", "output_first"] as const).map((value) => (
            <ToggleGroup.Item
              key={value}
              value={value}
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
