"use client";

import { useState } from "react";
import { KeyRound, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { hasCode, messageOf } from "@/lib/client/api";
import { formatDate, formatDateTime } from "@/lib/client/format";
import { useApiKeys, useRevokeApiKey } from "@/lib/client/queries/api-keys";
import type { ApiKeyJson } from "@/lib/responses/system";

const LOAD_FAILED = "Failed to load API keys";
const REVOKE_FAILED = "Failed to revoke the API key. Please try again.";

/** The user's keys (name, prefix, created, last used) with Revoke behind a confirmation. */
export function ApiKeyList() {
  const { data: keys, isError, error, refetch } = useApiKeys();
  const revoke = useRevokeApiKey();
  const [pending, setPending] = useState<ApiKeyJson | null>(null);

  function confirmRevoke() {
    const key = pending;
    setPending(null);
    if (!key) return;
    revoke.mutate(key.id, {
      onSuccess: () => toast.success(`API key “${key.name}” revoked`),
      onError: (err) => {
        // Revoked meanwhile (another tab): the list is read again and the key is gone.
        if (hasCode(err, "not_found")) toast.info("This API key was already revoked.");
        else toast.error(messageOf(err, REVOKE_FAILED));
      },
    });
  }

  if (isError && !keys) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <span className="text-destructive">
          {hasCode(error, "network", "forbidden") ? messageOf(error, LOAD_FAILED) : LOAD_FAILED}
        </span>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (!keys) {
    return (
      <div className="space-y-2" role="status" aria-label="Loading API keys...">
        <span className="sr-only">Loading API keys...</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }

  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <KeyRound className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No API keys yet</p>
        <p className="text-sm text-muted-foreground">Create a key to call the API from your own programs.</p>
      </div>
    );
  }

  return (
    <>
      <Table aria-label="API keys" data-testid="api-key-list">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell className="max-w-48 truncate font-medium">{key.name}</TableCell>
              <TableCell>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{key.prefix}…</code>
              </TableCell>
              <TableCell className="text-muted-foreground">{formatDate(key.createdAt)}</TableCell>
              <TableCell className="text-muted-foreground">
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => setPending(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  <Trash2 aria-hidden /> Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Revoke API key?"
        message={
          pending
            ? `Programs using “${pending.name}” (${pending.prefix}…) will stop working at once. This cannot be undone.`
            : ""
        }
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
      />
    </>
  );
}
