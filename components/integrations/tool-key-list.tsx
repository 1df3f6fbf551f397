"use client";

import { Check, Pencil, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { messageOf } from "@/lib/client/api";
import { useRenameToolConnection } from "@/lib/client/queries/sending";
import { SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";
import type { IntegrationConnectionJson } from "@/lib/responses/sending";

interface Props {
  service: IntegrationService;
  keys: IntegrationConnectionJson[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  deletingId: string | null;
  onDelete: (connection: IntegrationConnectionJson) => void;
}

/** A tool card's keys: loading, error with retry, none yet, or each key with rename and delete. */
export function ToolKeyList({ service, keys, loading, error, onRetry, deletingId, onDelete }: Props) {
  const label = SERVICE_LABELS[service];
  if (loading) return <p className="text-sm text-muted-foreground">Loading keys...</p>;
  if (error)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p role="alert" className="text-destructive">
          {error}
        </p>
        <Button size="sm" variant="outline" onClick={onRetry} aria-label={`Try loading ${label} keys again`}>
          Try again
        </Button>
      </div>
    );
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">No key yet.</p>;
  return (
    <ul className="space-y-2" aria-label={`${label} keys`}>
      {keys.map((key) => (
        <KeyItem key={key.id} label={label} connection={key} deleting={deletingId === key.id} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function KeyItem({
  label,
  connection,
  deleting,
  onDelete,
}: {
  label: string;
  connection: IntegrationConnectionJson;
  deleting: boolean;
  onDelete: (connection: IntegrationConnectionJson) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const what = `${label} key ${connection.name}`;
  return (
    <li className="flex items-center gap-2 rounded-md border px-3 py-2">
      {renaming ? (
        <RenameField label={label} connection={connection} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{connection.name}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">{connection.apiKey}</p>
          </div>
          <Button size="icon" variant="ghost" aria-label={`Rename ${what}`} onClick={() => setRenaming(true)}>
            <Pencil aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="text-destructive"
            aria-label={`Delete ${what}`}
            disabled={deleting}
            onClick={() => onDelete(connection)}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}

/** The key's name in an input: Enter (or the check button) saves it, Escape (or the cross) cancels. */
function RenameField({
  label,
  connection,
  onDone,
}: {
  label: string;
  connection: IntegrationConnectionJson;
  onDone: () => void;
}) {
  const rename = useRenameToolConnection();
  const [name, setName] = useState(connection.name);
  const [error, setError] = useState("");
  const what = `${label} key ${connection.name}`;
  const errorId = `rename-error-${connection.id}`;

  function save() {
    const next = name.trim();
    if (!next) return setError("Please enter a name.");
    if (next === connection.name) return onDone();
    setError("");
    rename.mutate(
      { id: connection.id, name: next },
      { onSuccess: onDone, onError: (e) => setError(messageOf(e, "Could not rename the key. Please try again.")) },
    );
  }

  return (
    <div className="min-w-0 flex-1 space-y-1">
      <div className="flex items-center gap-1">
        <Input
          autoFocus
          value={name}
          maxLength={100}
          aria-label={`New name for ${what}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={rename.isPending}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              save();
            } else if (e.key === "Escape") {
              e.preventDefault();
              onDone();
            }
          }}
        />
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Save name of ${what}`}
          disabled={rename.isPending}
          onClick={save}
        >
          <Check aria-hidden />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Cancel renaming ${what}`} onClick={onDone}>
          <X aria-hidden />
        </Button>
      </div>
      {rename.isPending ? <p className="text-xs text-muted-foreground">Saving...</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
