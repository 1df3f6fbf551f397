"use client";

import { useState } from "react";
import { Pencil, Plus, RotateCcw, Search } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { adminApi, adminError, day, queryString } from "./admin-api";
import { ListFrame } from "./list-frame";
import { useAdminList } from "./use-admin-list";
import type { PaginationJson } from "./pager";
import { PromoDialog, type PromoCode, type PromoDialogMode } from "./promo-dialog";

const PAGE_SIZE = 10;
const ALL = "all";

interface PromoCodesJson {
  promoCodes: PromoCode[];
  pagination: PaginationJson;
}

interface Filters {
  /** "", "true" or "false" (the API's isActive). */
  isActive: string;
  search: string;
}

const EMPTY_FILTERS: Filters = { isActive: "", search: "" };

/** The display status: Active only when enabled and not yet expired (at `now`). */
export function isPromoActive(promo: Pick<PromoCode, "isActive" | "expiresAt">, now: number): boolean {
  return promo.isActive && new Date(promo.expiresAt).getTime() > now;
}

export function AdminPromoCodes() {
  const [draft, setDraft] = useState<Filters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<PromoDialogMode | null>(null);
  const [notice, setNotice] = useState("");

  const url = `/api/admin/promo-codes${queryString({ page, limit: PAGE_SIZE, ...filters })}`;

  const { data, loading, error, at, reload } = useAdminList<PromoCodesJson>(url, "Failed to load promo codes. Please try again.");
  const [detailError, setDetailError] = useState("");

  /** Edit starts from the code's current details (someone may have changed it since the list loaded). */
  async function openEdit(p: PromoCode) {
    setNotice("");
    setDetailError("");
    try {
      setDialog({ kind: "edit", promo: await adminApi<PromoCode>(`/api/admin/promo-codes/${p._id}`) });
    } catch (err) {
      setDetailError(adminError(err, "Failed to load promo code details."));
    }
  }

  function refresh(patch: { filters?: Filters; page?: number }) {
    if (patch.filters) setFilters(patch.filters);
    if (patch.page !== undefined) setPage(patch.page);
    reload();
  }

  function onSaved(promo: PromoCode, created: boolean) {
    setDialog(null);
    setNotice(`Promo code ${promo.code} ${created ? "created" : "updated"}.`);
    // A new code is the newest, so it shows on the first page.
    refresh(created ? { page: 1 } : {});
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Promo Codes</h1>
        <Button
          onClick={() => {
            setNotice("");
            setDialog({ kind: "create" });
          }}
        >
          <Plus aria-hidden /> Create Promo Code
        </Button>
      </div>
      <form
        role="search"
        aria-label="Filter promo codes"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          refresh({ filters: { ...draft, search: draft.search.trim() }, page: 1 });
        }}
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[11rem_minmax(0,1fr)] lg:grid-cols-[11rem_minmax(0,1fr)_auto] lg:items-end"
      >
        <div className="space-y-1.5">
          <Label htmlFor="promo-status-filter">Status</Label>
          <Select value={draft.isActive || ALL} onValueChange={(v) => setDraft({ ...draft, isActive: v === ALL ? "" : v })}>
            <SelectTrigger id="promo-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All</SelectItem>
              <SelectItem value="true">Active</SelectItem>
              <SelectItem value="false">Inactive</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="promo-search">Search</Label>
          <Input id="promo-search" type="search" maxLength={100} placeholder="Search by code" value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" className="flex-1 lg:flex-none">
            <Search aria-hidden /> Apply Filters
          </Button>
          <Button
            type="button"
            variant="outline"
            className="flex-1 lg:flex-none"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              refresh({ filters: EMPTY_FILTERS, page: 1 });
            }}
          >
            <RotateCcw aria-hidden /> Reset
          </Button>
        </div>
      </form>
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {detailError ? <FormAlert kind="error">{detailError}</FormAlert> : null}
      {error && !data ? null : (
        <ListFrame loading={!data} refreshing={loading} loadingLabel="Loading promo codes" empty={(data?.promoCodes.length ?? 0) === 0} emptyText="No promo codes found." pagination={data?.pagination ?? null} onPage={setPage}>
          {data ? (
              <Table data-testid="promo-codes-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Code</TableHead>
                    <TableHead>Discount</TableHead>
                    <TableHead>Usage</TableHead>
                    <TableHead>Expires</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Type</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.promoCodes.map((p) => {
                    const active = isPromoActive(p, at);
                    return (
                      <TableRow key={p._id}>
                        <TableCell className="font-mono font-medium">{p.code}</TableCell>
                        <TableCell>{p.discountPercentage}%</TableCell>
                        <TableCell>
                          {p.currentUses}/{p.maxUses}
                        </TableCell>
                        <TableCell>{day(p.expiresAt)}</TableCell>
                        <TableCell>
                          <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
                        </TableCell>
                        <TableCell>
                          <Badge variant={p.isInfluencerCode ? "default" : "outline"}>{p.isInfluencerCode ? "Influencer" : "Standard"}</Badge>
                        </TableCell>
                        <TableCell className="text-right">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit promo code ${p.code}`}
                            onClick={() => void openEdit(p)}
                          >
                            <Pencil aria-hidden /> Edit
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
          ) : null}
        </ListFrame>
      )}
      {dialog ? (
        <PromoDialog key={dialog.kind === "edit" ? dialog.promo._id : "create"} mode={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />
      ) : null}
    </div>
  );
}
