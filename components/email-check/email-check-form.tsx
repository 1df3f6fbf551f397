"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import type { TableRow } from "@/components/generator/csv-store";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { messageOf } from "@/lib/client/api";
import { checkButtonLabel } from "@/lib/client/email-check-text";
import { useStartEmailCheck, useZeroBounceConnections } from "@/lib/client/queries/email-checks";
import { defaultEmailColumn, EMAIL_STATUS_COLUMN } from "@/lib/csv/email-status";

/** The ZeroBounce select's "no deep check" value (a Radix select item cannot have an empty value). */
const LOCAL_ONLY = "none";

interface Props {
  csvId: string;
  columns: string[];
  rows: readonly TableRow[];
  onStarted: (checkId: string) => void;
  onClose: () => void;
}

/** Rows with something in the column: the addresses a check gives a status (empty cells get none). */
function addressCount(rows: readonly TableRow[], column: string | null): number {
  if (!column) return 0;
  let n = 0;
  for (const row of rows) if ((row.data[column] ?? "").trim() !== "") n++;
  return n;
}

/**
 * What to check: the column (the file's e-mail column first), and optionally a ZeroBounce key for the deep check;
 * what the checks look at; "Check N addresses".
 */
export function EmailCheckForm({ csvId, columns, rows, onStarted, onClose }: Props) {
  const choices = useMemo(() => columns.filter((c) => c !== EMAIL_STATUS_COLUMN), [columns]);
  const [picked, setPicked] = useState<string | null>(null);
  const column = picked && choices.includes(picked) ? picked : defaultEmailColumn(choices);
  const [deep, setDeep] = useState(LOCAL_ONLY);
  const zeroBounce = useZeroBounceConnections();
  const connectionId = zeroBounce.keys.some((k) => k.id === deep) ? deep : null;
  const addresses = useMemo(() => addressCount(rows, column), [rows, column]);
  const start = useStartEmailCheck(csvId);

  function check() {
    if (!column || addresses === 0) return;
    start.mutate(
      { column, ...(connectionId ? { connectionId } : {}) },
      { onSuccess: ({ checkId }) => onStarted(checkId) },
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" id="email-check-explained">
        Each address is checked for its syntax, its domain&apos;s mail server (MX), disposable domains, role accounts
        (info@, sales@...) and duplicates in the file. The result goes into the {EMAIL_STATUS_COLUMN} column; runs and
        pushes leave out addresses that failed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="email-check-column">Column</Label>
          <Select value={column ?? undefined} onValueChange={setPicked} disabled={start.isPending}>
            <SelectTrigger id="email-check-column">
              <SelectValue placeholder="Choose a column" />
            </SelectTrigger>
            <SelectContent>
              {choices.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DeepCheckField zeroBounce={zeroBounce} value={connectionId ?? LOCAL_ONLY} onChange={setDeep} />
      </div>
      {column && addresses === 0 ? <p className="text-sm text-muted-foreground">No addresses in this column.</p> : null}
      {start.isError ? (
        <FormAlert kind="error">{messageOf(start.error, "Could not start the check. Please try again.")}</FormAlert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={!column || addresses === 0 || start.isPending} onClick={check}>
          {start.isPending ? "Starting check..." : checkButtonLabel(addresses)}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** "Also verify with ZeroBounce": no, or one of the user's ZeroBounce keys; a link to add one when there is none. */
function DeepCheckField({
  zeroBounce,
  value,
  onChange,
}: {
  zeroBounce: ReturnType<typeof useZeroBounceConnections>;
  value: string;
  onChange: (value: string) => void;
}) {
  const title = "Also verify with ZeroBounce";
  if (zeroBounce.isSuccess && zeroBounce.keys.length === 0)
    return (
      <div className="space-y-1.5">
        <p className="text-sm leading-none font-medium">{title}</p>
        <p className="flex h-9 items-center text-sm">
          <Link href="/dashboard#integrations-heading" className="text-primary underline underline-offset-2">
            Add a ZeroBounce key
          </Link>
        </p>
      </div>
    );
  return (
    <div className="space-y-1.5">
      <Label htmlFor="email-check-zerobounce">{title}</Label>
      <Select value={value} onValueChange={onChange} disabled={!zeroBounce.isSuccess}>
        <SelectTrigger id="email-check-zerobounce" aria-describedby="email-check-deep-hint">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={LOCAL_ONLY}>No, local checks only</SelectItem>
          {zeroBounce.keys.map((k) => (
            <SelectItem key={k.id} value={k.id}>
              {`ZeroBounce · ${k.name}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id="email-check-deep-hint" className="text-xs text-muted-foreground">
        ZeroBounce checks the addresses that pass, with your ZeroBounce credits.
      </p>
    </div>
  );
}
