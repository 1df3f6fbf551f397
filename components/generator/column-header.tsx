"use client";

import { X } from "lucide-react";
import { useRef } from "react";

export const DEFAULT_COLUMN_WIDTH = 150;
export const MIN_COLUMN_WIDTH = 80;

interface Props {
  name: string;
  width: number;
  onResize: (width: number) => void;
  onDelete: () => void;
}

/** A data column's header: its name, a resize handle, and a delete × shown on hover. */
export function ColumnHeader({ name, width, onResize, onDelete }: Props) {
  const start = useRef<{ x: number; width: number } | null>(null);
  return (
    <div role="columnheader" className="group relative flex h-10 shrink-0 items-center border-r px-2 text-sm font-semibold" style={{ width }}>
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
        className="absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none hover:bg-primary/40"
        onPointerDown={(e) => {
          start.current = { x: e.clientX, width };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (start.current) onResize(Math.max(MIN_COLUMN_WIDTH, start.current.width + e.clientX - start.current.x));
        }}
        onPointerUp={() => (start.current = null)}
      />
    </div>
  );
}
