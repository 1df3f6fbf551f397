"use client";

import { memo, useRef, useState } from "react";
import { emailStatusOf } from "@/lib/client/email-check-text";
import { EMAIL_STATUS_COLUMN } from "@/lib/csv/email-status";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";
import { cn } from "@/lib/utils";
import { EmailStatusBadge, emailStatusTitle } from "./email-status-badge";

const TRUNCATE: Record<string, number> = { [GENERATED_COLUMNS.subject]: 40, [GENERATED_COLUMNS.body]: 50 };

/** Display text: Subject Line cut at 40 characters and Email Body at 50. */
function displayValue(column: string, value: string): string {
  const limit = TRUNCATE[column];
  return limit && value.length > limit ? `${value.slice(0, limit)}...` : value;
}

interface Props {
  column: string;
  value: string;
  width: number;
  rowId: number;
  onSave: (rowId: number, column: string, value: string) => void;
}

/**
 * A cell edited in place: click (or Enter / F2 when focused) to edit; saved on blur or Enter, Escape cancels. An
 * Email Status the address checks wrote shows as a badge (edited and cleared like any other value).
 */
export const EditableCell = memo(function EditableCell({ column, value, width, rowId, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const cancelled = useRef(false);
  const status = column === EMAIL_STATUS_COLUMN ? emailStatusOf(value) : null;

  const start = () => {
    cancelled.current = false;
    setDraft(value);
    setEditing(true);
  };
  const finish = () => {
    setEditing(false);
    if (!cancelled.current && draft !== value) onSave(rowId, column, draft);
  };

  return (
    <div role="cell" className="relative shrink-0 border-r px-2" style={{ width }} data-column={column}>
      {editing ? (
        <input
          autoFocus
          aria-label={`Edit ${column}`}
          className="absolute inset-0.5 rounded border border-ring bg-background px-1.5 text-sm outline-none"
          value={draft}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={finish}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              e.currentTarget.blur();
            } else if (e.key === "Escape") {
              cancelled.current = true;
              e.currentTarget.blur();
            }
          }}
        />
      ) : (
        <div
          tabIndex={0}
          title={status ? emailStatusTitle(status) : value}
          onClick={start}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === "F2") {
              e.preventDefault();
              start();
            }
          }}
          className={cn(
            "h-full cursor-text truncate text-sm leading-10 outline-none focus-visible:ring-2 focus-visible:ring-ring",
            !value && "text-muted-foreground/50",
            status && "flex items-center",
          )}
        >
          {status ? <EmailStatusBadge status={status} /> : displayValue(column, value) || "\u00a0"}
        </div>
      )}
    </div>
  );
});
