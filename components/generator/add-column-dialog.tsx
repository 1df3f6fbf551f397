"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/client/api";

/** New column name: non-empty and not already present. */
export function columnNameProblem(name: string, columns: string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Column name cannot be empty";
  if (columns.includes(trimmed)) return `A column named "${trimmed}" already exists`;
  return null;
}

export function AddColumnDialog({ open, onOpenChange, columns, onAdd }: { open: boolean; onOpenChange: (o: boolean) => void; columns: string[]; onAdd: (name: string) => Promise<void> }) {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  /** Closing (Cancel, Escape, the × or the overlay) starts the next opening from a clean form. */
  function changeOpen(next: boolean) {
    if (!next) {
      setName("");
      setError("");
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = columnNameProblem(name, columns);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onAdd(name.trim());
      changeOpen(false);
    } catch (err) {
      setError(messageOf(err, "Failed to add the column. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>Add New Column</DialogTitle>
          </DialogHeader>
          {error ? <FormAlert kind="error">{error}</FormAlert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="new-column-name">Column name</Label>
            <Input id="new-column-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={200} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : "Add Column"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
