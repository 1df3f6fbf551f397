"use client";

import { useState } from "react";
import { Pencil, Plus } from "lucide-react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { formatShortDate } from "@/lib/client/format";
import { adminKeys, useAdminPromoCode, useAdminPromoCodes } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { ActionsHead, ListFrame } from "./list-frame";
import { PromoDialog } from "./promo-dialog";
import { EMPTY_PROMO_FILTERS, PromoFilters } from "./promo-filters";
import { useListParams } from "./use-list-params";
import type { PromoCodeJson } from "@/lib/responses/admin";

/** The display status: Active only when enabled and not yet expired (at `now`). */
function isPromoActive(promo: Pick<PromoCodeJson, "isActive" | "expiresAt">, now: number): boolean {
  return promo.isActive && new Date(promo.expiresAt).getTime() > now;
}

export function AdminPromoCodes() {
  const { params, showFilters, resetFilters, showPage } = useListParams(EMPTY_PROMO_FILTERS, adminKeys.promoList);
  const [creating, setCreating] = useState(false);
  /** The code whose edit dialog is open (it opens once its current details arrived). */
  const [editId, setEditId] = useState<string | null>(null);

  const list = useAdminPromoCodes(params);
  const { data, isPlaceholderData } = list;
  const error = list.error ? adminError(list.error, "Failed to load promo codes. Please try again.") : "";
  const detail = useAdminPromoCode(editId);
  const detailError = detail.error ? adminError(detail.error, "Failed to load promo code details.") : "";

  /** Edit starts from the code's current details (someone may have changed it since the list loaded). */
  function openEdit(p: PromoCodeJson) {
    setCreating(false);
    if (editId === p._id) void detail.refetch();
    else setEditId(p._id);
  }

  function onSaved(promo: PromoCodeJson, created: boolean) {
    setCreating(false);
    setEditId(null);
    toast.success(`Promo code ${promo.code} ${created ? "created" : "updated"}.`);
    // A new code is the newest, so it shows on the first page.
    if (created) showPage(1);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Promo Codes</h1>
        <Button
          onClick={() => {
            setEditId(null);
            setCreating(true);
          }}
        >
          <Plus aria-hidden /> Create Promo Code
        </Button>
      </div>
      <PromoFilters onApply={showFilters} onReset={resetFilters} />
      <ListFrame
        error={error}
        notice={detailError ? <FormAlert kind="error">{detailError}</FormAlert> : null}
        rows={data?.promoCodes}
        refreshing={isPlaceholderData}
        loadingLabel="Loading promo codes"
        emptyText="No promo codes found."
        testId="promo-codes-table"
        head={
          <>
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Usage</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Type</TableHead>
            <ActionsHead />
          </>
        }
        pagination={data?.pagination ?? null}
        onPage={showPage}
      >
        {(rows) =>
          rows.map((p) => {
            const active = isPromoActive(p, list.dataUpdatedAt);
            return (
              <TableRow key={p._id}>
                <TableCell className="font-mono font-medium">{p.code}</TableCell>
                <TableCell>{p.discountPercentage}%</TableCell>
                <TableCell>
                  {p.currentUses}/{p.maxUses}
                </TableCell>
                <TableCell>{formatShortDate(p.expiresAt)}</TableCell>
                <TableCell>
                  <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
                </TableCell>
                <TableCell>
                  <Badge variant={p.isInfluencerCode ? "default" : "outline"}>
                    {p.isInfluencerCode ? "Influencer" : "Standard"}
                  </Badge>
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit promo code ${p.code}`}
                    disabled={editId === p._id && detail.isFetching}
                    onClick={() => openEdit(p)}
                  >
                    <Pencil aria-hidden /> Edit
                  </Button>
                </TableCell>
              </TableRow>
            );
          })
        }
      </ListFrame>
      {creating ? <PromoDialog mode={{ kind: "create" }} onClose={() => setCreating(false)} onSaved={onSaved} /> : null}
      {editId && detail.data ? (
        <PromoDialog
          key={editId}
          mode={{ kind: "edit", promo: detail.data }}
          onClose={() => setEditId(null)}
          onSaved={onSaved}
        />
      ) : null}
    </div>
  );
}
