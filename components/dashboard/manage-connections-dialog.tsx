"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { AddConnectionForm } from "@/components/connections/add-connection-form";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { messageOf } from "@/lib/client/api";
import {
  useActivateConnection,
  useCheckConnection,
  useConnections,
  useDeleteConnection,
} from "@/lib/client/queries/ai";
import type { ConnectionJson } from "@/lib/responses/ai";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Notice = { kind: "success" | "error"; text: string } | null;

const FAILED = "Something went wrong. Please try again.";

/**
 * Manage API Connections: the table (set active, check, delete) and the Add New Connection form; one message at a time.
 */
export function ManageConnectionsDialog({ open, onOpenChange }: Props) {
  const { data: connections = [] } = useConnections();
  const activate = useActivateConnection();
  const remove = useDeleteConnection();
  const check = useCheckConnection();
  const [notice, setNotice] = useState<Notice>(null);
  const [toDelete, setToDelete] = useState<ConnectionJson | null>(null);
  const busyId = [activate, remove, check].find((m) => m.isPending)?.variables ?? null;

  function onActivate(c: ConnectionJson) {
    setNotice(null);
    activate.mutate(c._id, {
      onSuccess: () => setNotice({ kind: "success", text: `${c.name} is now the active connection.` }),
      onError: (error) => setNotice({ kind: "error", text: messageOf(error, FAILED) }),
    });
  }

  function onCheck(c: ConnectionJson) {
    setNotice(null);
    check.mutate(c._id, {
      onSuccess: (result) => setNotice({ kind: result.valid ? "success" : "error", text: result.msg }),
      onError: (error) =>
        setNotice({ kind: "error", text: messageOf(error, "Could not check the key. Please try again.") }),
    });
  }

  function onDelete(c: ConnectionJson) {
    setNotice(null);
    remove.mutate(c._id, {
      onSuccess: () => setNotice({ kind: "success", text: "Connection deleted." }),
      onError: (error) => setNotice({ kind: "error", text: messageOf(error, FAILED) }),
    });
  }

  function changeOpen(next: boolean) {
    onOpenChange(next);
    if (!next) setNotice(null);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Manage API Connections</DialogTitle>
          <DialogDescription>Your provider keys are stored encrypted and only ever shown masked.</DialogDescription>
        </DialogHeader>
        {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
        {connections.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No connections yet. Add your first API key below.
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Provider</TableHead>
                <TableHead>API Key</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {connections.map((c) => (
                <TableRow key={c._id}>
                  <TableCell className="font-medium">{c.name}</TableCell>
                  <TableCell>
                    <Badge variant="outline">{c.provider}</Badge>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{c.apiKey}</TableCell>
                  <TableCell>
                    {c.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      {!c.isActive ? (
                        <Button size="sm" variant="outline" disabled={busyId === c._id} onClick={() => onActivate(c)}>
                          Set active
                        </Button>
                      ) : null}
                      <Button size="sm" variant="ghost" disabled={busyId === c._id} onClick={() => onCheck(c)}>
                        Check key
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive"
                        disabled={busyId === c._id}
                        onClick={() => setToDelete(c)}
                      >
                        Delete
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <AddConnectionForm
          defaultProvider="Anthropic"
          onSaved={() => setNotice({ kind: "success", text: "Saved successfully!" })}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => changeOpen(false)}>
            Close
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(next) => !next && setToDelete(null)}
          message={`Are you sure you want to delete the connection "${toDelete?.name ?? ""}"? Templates using it will need another connection.`}
          onConfirm={() => toDelete && onDelete(toDelete)}
        />
      </DialogContent>
    </Dialog>
  );
}
