"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { adminKeys, useAdminUsers, type UserListParams } from "@/lib/client/queries/admin";
import { cn } from "@/lib/utils";
import { adminError } from "./admin-errors";
import { BulkEmailDialog } from "./bulk-email-dialog";
import { shortDateOrDash } from "./display";
import { Pager } from "./pager";
import { SubscriptionBadge, UserDetailDialog } from "./user-detail-dialog";
import { NO_USER_FILTERS, UserFilters, type UserFilterValues } from "./user-filters";

/** Header checkbox state for the rows on this page. */
function pageSelection(ids: string[], selected: ReadonlySet<string>): boolean | "indeterminate" {
  const n = ids.filter((id) => selected.has(id)).length;
  if (n === 0 || ids.length === 0) return false;
  return n === ids.length ? true : "indeterminate";
}

function LoadingRows() {
  return (
    <div className="space-y-2" aria-busy="true" aria-label="Loading users">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </div>
  );
}

export function AdminUsers() {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<UserListParams>({ page: 1, ...NO_USER_FILTERS });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [viewing, setViewing] = useState<string | null>(null);
  const [emailing, setEmailing] = useState<string[] | null>(null);

  const { data, error: failure, isPlaceholderData } = useAdminUsers(params);
  const error = failure ? adminError(failure, "Failed to load users. Please try again.") : "";
  const rows = data?.users ?? [];
  const ids = rows.map((u) => u._id);
  const headerState = pageSelection(ids, selected);

  /** Apply and Reset show page 1 of the given filters, asking again even when nothing changed. */
  function showFilters(filters: UserFilterValues) {
    const next = { page: 1, ...filters };
    setParams(next);
    void queryClient.invalidateQueries({ queryKey: adminKeys.userList(next), exact: true });
  }

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
      <UserFilters onApply={showFilters} onReset={() => showFilters(NO_USER_FILTERS)} />
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
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {!data && !error ? <LoadingRows /> : null}
      {data && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          No users match these filters.
        </p>
      ) : null}
      {data && rows.length > 0 ? (
        <div
          className={cn("rounded-xl border bg-card transition-opacity", isPlaceholderData && "opacity-60")}
          aria-busy={isPlaceholderData}
        >
          <Table>
            <TableHeader>
              <TableRow>
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
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((u) => {
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
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setViewing(u._id)}
                        aria-label={`View ${u.email}`}
                      >
                        View
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      ) : null}
      <Pager pagination={data?.pagination ?? null} onPage={(page) => setParams((p) => ({ ...p, page }))} />
      <UserDetailDialog userId={viewing} onClose={() => setViewing(null)} />
      <BulkEmailDialog userIds={emailing} onClose={() => setEmailing(null)} onSent={() => setSelected(new Set())} />
    </div>
  );
}
