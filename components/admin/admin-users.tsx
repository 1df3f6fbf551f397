"use client";

import { useState } from "react";
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { adminKeys, useAdminUsers } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { BulkEmailDialog } from "./bulk-email-dialog";
import { shortDateOrDash } from "./display";
import { ListFrame } from "./list-frame";
import { SubscriptionBadge, UserDetailDialog } from "./user-detail-dialog";
import { useListParams } from "./use-list-params";
import { NO_USER_FILTERS, UserFilters } from "./user-filters";

/** Header checkbox state for the rows on this page. */
function pageSelection(ids: string[], selected: ReadonlySet<string>): boolean | "indeterminate" {
  const n = ids.filter((id) => selected.has(id)).length;
  if (n === 0 || ids.length === 0) return false;
  return n === ids.length ? true : "indeterminate";
}

export function AdminUsers() {
  const { params, showFilters, resetFilters, showPage } = useListParams(NO_USER_FILTERS, adminKeys.userList);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [viewing, setViewing] = useState<string | null>(null);
  const [emailing, setEmailing] = useState<string[] | null>(null);

  const { data, error: failure, isPlaceholderData } = useAdminUsers(params);
  const error = failure ? adminError(failure, "Failed to load users. Please try again.") : "";
  const rows = data?.users ?? [];
  const ids = rows.map((u) => u._id);
  const headerState = pageSelection(ids, selected);

  function toggle(id: string, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function togglePage(on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function emailSelected() {
    if (selected.size === 0) {
      window.alert("Please select at least one user.");
      return;
    }
    setEmailing([...selected]);
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Users</h1>
      <UserFilters onApply={showFilters} onReset={resetFilters} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="users-showing" aria-live="polite">
          {data ? `Showing ${rows.length} of ${data.pagination.total} users` : "\u00a0"}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {selected.size > 0 ? (
            <span className="text-sm text-muted-foreground" data-testid="users-selected">
              {selected.size} selected{" "}
              <button
                type="button"
                className="text-primary underline-offset-4 hover:underline"
                onClick={() => setSelected(new Set())}
              >
                Clear
              </button>
            </span>
          ) : null}
          <Button onClick={emailSelected}>
            <Mail aria-hidden /> Email Selected Users
          </Button>
        </div>
      </div>
      <ListFrame
        error={error}
        rows={data?.users}
        refreshing={isPlaceholderData}
        loadingLabel="Loading users"
        emptyText="No users match these filters."
        head={
          <>
            <TableHead className="w-10 pl-4">
              <Checkbox
                checked={headerState}
                onCheckedChange={(v) => togglePage(v === true)}
                aria-label="Select all users on this page"
              />
            </TableHead>
            <TableHead>User</TableHead>
            <TableHead>Subscription</TableHead>
            <TableHead>Trial Ends</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Purchase Date</TableHead>
            <TableHead>Promo Code</TableHead>
            <TableHead className="pr-4 text-right">View</TableHead>
          </>
        }
        pagination={data?.pagination ?? null}
        onPage={showPage}
      >
        {(users) =>
          users.map((u) => {
            const on = selected.has(u._id);
            return (
              <TableRow key={u._id} data-state={on ? "selected" : undefined} data-testid="user-row">
                <TableCell className="pl-4">
                  <Checkbox
                    checked={on}
                    onCheckedChange={(v) => toggle(u._id, v === true)}
                    aria-label={`Select ${u.email}`}
                  />
                </TableCell>
                <TableCell>
                  <div className="font-medium">{u.name || "—"}</div>
                  <div className="text-xs text-muted-foreground">{u.email}</div>
                </TableCell>
                <TableCell>
                  <SubscriptionBadge subscription={u.subscription} />
                </TableCell>
                <TableCell>{shortDateOrDash(u.trialEnds)}</TableCell>
                <TableCell>{shortDateOrDash(u.created)}</TableCell>
                <TableCell>{shortDateOrDash(u.purchaseDate)}</TableCell>
                <TableCell>{u.promoCodeUsed || "—"}</TableCell>
                <TableCell className="pr-4 text-right">
                  <Button size="sm" variant="outline" onClick={() => setViewing(u._id)} aria-label={`View ${u.email}`}>
                    View
                  </Button>
                </TableCell>
              </TableRow>
            );
          })
        }
      </ListFrame>
      <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />
      <BulkEmailDialog userIds={emailing} onClose={() => setEmailing(null)} onSent={() => setSelected(new Set())} />
    </div>
  );
}
