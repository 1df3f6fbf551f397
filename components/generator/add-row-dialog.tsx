"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/lib/client/api";

export function AddRowDialog({ open, onOpenChange, columns, onAdd }: { open: boolean; onOpenChange: (o: boolean) => void; columns: string[]; onAdd: (data: Record<string, string>) => Promise<void> }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  /** Closing (Cancel, Escape, the × or the overlay) starts the next opening from a clean form. */
  function changeOpen(next: boolean) {
    if (!next) {
      setValues({});
      setError("");
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onAdd(Object.fromEntries(columns.map((c) => [c, values[c] ?? ""])));
      changeOpen(false);
    } catch (err) {
      setError(messageOf(err, "Failed to add the row. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl">
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Add New Row</DialogTitle>
          </DialogHeader>
          {error ? <FormAlert kind="error">{error}</FormAlert> : null}
          <div className="grid max-h-[55vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
            {columns.map((c, i) => (
              <div key={c} className="space-y-1.5">
                <Label htmlFor={`new-row-${i}`}>{c}</Label>
                <Input id={`new-row-${i}`} value={values[c] ?? ""} onChange={(e) => setValues({ ...values, [c]: e.target.value })} />
              </div>
            ))}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : "Add Row"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
