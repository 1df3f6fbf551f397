"use client";

import { Pencil, RotateCcw, ScrollText, Sparkles, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { GENERATED_COLUMNS } from "@/lib/csv/limits";

interface Props {
  /** The row's quality badge and approve check, shown first. */
  quality?: React.ReactNode;
  failed: boolean;
  hasResponse: boolean;
  busy: boolean;
  onGenerate: () => void;
  onRetry: () => void;
  onEdit: () => void;
  onViewResponse: () => void;
  onDelete: () => void;
}

const icon = "size-8";

/**
 * The sticky Actions cell: the quality badge and approve check, generate (or Retry for a failed row),
 * edit the e-mail, view the AI response, delete.
 */
export function RowActions({
  quality,
  failed,
  hasResponse,
  busy,
  onGenerate,
  onRetry,
  onEdit,
  onViewResponse,
  onDelete,
}: Props) {
  return (
    <>
      {quality}
      {failed ? (
        <Button
          size="sm"
          variant="outline"
          className="h-8 border-destructive/40 text-destructive"
          onClick={onRetry}
          disabled={busy}
        >
          <RotateCcw aria-hidden /> Retry
        </Button>
      ) : (
        <Button
          size="icon"
          variant="ghost"
          className={icon}
          aria-label="Generate email"
          title="Generate email"
          onClick={onGenerate}
          disabled={busy}
        >
          <Sparkles className="text-primary" />
        </Button>
      )}
      {!failed ? (
        <Button
          size="icon"
          variant="ghost"
          className={icon}
          aria-label="Edit email"
          title="Edit email"
          onClick={onEdit}
        >
          <Pencil />
        </Button>
      ) : null}
      {hasResponse && !failed ? (
        <Button
          size="icon"
          variant="ghost"
          className={icon}
          aria-label="View AI response"
          title="View AI response"
          onClick={onViewResponse}
        >
          <ScrollText />
        </Button>
      ) : null}
      <Button
        size="icon"
        variant="ghost"
        className={`${icon} text-destructive`}
        aria-label="Delete row"
        title="Delete row"
        onClick={onDelete}
      >
        <Trash2 />
      </Button>
    </>
  );
}

export const hasAiResponse = (data: Record<string, string>) => Boolean(data[GENERATED_COLUMNS.response]?.trim());
