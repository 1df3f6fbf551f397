"use client";

import { Braces } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface Props {
  value: string;
  onChange: (value: string) => void;
  columns: string[];
  missing: string[];
  /** aria-invalid / aria-describedby of the form (useZodForm's `field`). */
  fieldProps?: React.AriaAttributes;
}

/** AI Prompt with the variable picker: lists the CSV's columns and inserts {{Column}}; "/" opens it too. */
export function PromptEditor({ value, onChange, columns, missing, fieldProps }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const slash = useRef<{ at: number } | null>(null);
  const picked = useRef(false);

  function insertAt(position: number, text: string) {
    const next = value.slice(0, position) + text + value.slice(position);
    onChange(next);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(position + text.length, position + text.length);
    });
  }

  function choose(column: string) {
    picked.current = true;
    const at = slash.current?.at ?? ref.current?.selectionStart ?? value.length;
    slash.current = null;
    insertAt(at, `{{${column}}}`);
  }

  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="ai-prompt">AI Prompt</Label>
        <DropdownMenu
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) picked.current = false;
            if (!next && slash.current && !picked.current) {
              const at = slash.current.at;
              slash.current = null;
              insertAt(at, "/");
            }
          }}
        >
          <DropdownMenuTrigger asChild>
            <Button type="button" variant="outline" size="sm">
              <Braces aria-hidden /> Insert Variable
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="max-h-72 overflow-y-auto">
            <DropdownMenuLabel>CSV columns</DropdownMenuLabel>
            {columns.length === 0 ? (
              <DropdownMenuItem disabled>Import a CSV to see its columns</DropdownMenuItem>
            ) : (
              columns.map((c) => (
                <DropdownMenuItem key={c} onSelect={() => choose(c)}>
                  {`{{${c}}}`}
                </DropdownMenuItem>
              ))
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <Textarea
        id="ai-prompt"
        ref={ref}
        rows={7}
        value={value}
        placeholder="Write a short cold email to {{First Name}} at {{Company}}..."
        onChange={(e) => onChange(e.target.value)}
        {...fieldProps}
        onKeyDown={(e) => {
          if (e.key === "/" && !e.ctrlKey && !e.metaKey && columns.length > 0) {
            e.preventDefault();
            // Opened here, not through onOpenChange: reset "picked" so closing without a pick types the "/".
            picked.current = false;
            slash.current = { at: e.currentTarget.selectionStart };
            setOpen(true);
          }
        }}
      />
      <p className="text-xs text-muted-foreground">
        Type / or use Insert Variable to add a column. Use {"{{Column|fallback}}"} for a value to use when the cell is
        empty.
      </p>
      {missing.length ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          Not in your CSV: {missing.map((m) => `{{${m}}}`).join(", ")}
        </p>
      ) : null}
    </div>
  );
}
