"use client";

import { X } from "lucide-react";
import { cn } from "@/lib/utils";

interface Props {
  name: string;
  width: number;
  /** The table's resize handler (TanStack Table column resizing): drag to resize. */
  onResizeStart: (event: unknown) => void;
  resizing: boolean;
  onDelete: () => void;
}

/** A data column's header: its name, a resize handle, and a delete × shown on hover (or keyboard focus). */
export function ColumnHeader({ name, width, onResizeStart, resizing, onDelete }: Props) {
  return (
    <div
      role="columnheader"
      className="group relative flex h-10 shrink-0 items-center border-r px-2 text-sm font-semibold"
      style={{ width }}
    >
      <span className="truncate pr-5" title={name}>
        {name}
      </span>
      <button
        type="button"
        aria-label={`Delete column ${name}`}
        className="absolute right-2 flex size-5 items-center justify-center rounded text-muted-foreground opacity-0 group-hover:opacity-100 hover:bg-destructive/10 hover:text-destructive focus-visible:opacity-100"
        onClick={onDelete}
      >
        <X className="size-3.5" />
      </button>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize column ${name}`}
        className={cn(
          "absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-primary/40",
          resizing && "bg-primary/60",
        )}
        onMouseDown={onResizeStart}
        onTouchStart={onResizeStart}
      />
    </div>
  );
}
