"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminApi, adminError, adminFormError } from "./admin-api";

export interface PromoCode {
  _id: string;
  code: string;
  discountPercentage: number;
  maxUses: number;
  currentUses: number;
  expiresAt: string;
  isActive: boolean;
  isInfluencerCode: boolean;
  createdAt: string;
}

export type PromoDialogMode = { kind: "create" } | { kind: "edit"; promo: PromoCode };

const DEFAULT_DISCOUNT = 10;
const DEFAULT_MAX_USES = 100;
const DEFAULT_VALID_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date as the local "YYYY-MM-DD" a date input holds. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last millisecond of a "YYYY-MM-DD" day in local time, as ISO; null when the text is not a date. */
export function endOfDayIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function defaultExpiry(): string {
  const date = new Date();
  date.setDate(date.getDate() + DEFAULT_VALID_DAYS);
  return toDateInput(date);
}

/** As typed: upper case, no whitespace. */
const normaliseCode = (value: string) => value.toUpperCase().replace(/\s+/g, "");

/** The client-side checks (same texts as the server's); "" when the form is valid. */
export function validatePromo(f: { code: string | null; discount: string; maxUses: string; expires: string }): string {
  if (f.code !== null) {
    if (!f.code.trim()) return "Promo code is required";
    if (/\s/.test(f.code)) return "Promo code cannot contain spaces";
    if (!/^[A-Za-z0-9_-]+$/.test(f.code)) return "Promo code may only contain letters, digits, - and _";
  }
  const discount = Number(f.discount);
  if (!f.discount.trim() || !Number.isFinite(discount) || discount < 1 || discount > 100) return "Discount must be between 1 and 100";
  if (!Number.isInteger(discount)) return "Discount must be a whole number";
  const maxUses = Number(f.maxUses);
  if (!f.maxUses.trim() || !Number.isFinite(maxUses) || maxUses < 1) return "Max uses must be at least 1";
  if (!Number.isInteger(maxUses)) return "Max uses must be a whole number";
  if (maxUses > 1_000_000) return "Max uses is too large";
  if (!f.expires) return "Expiry date is required";
  if (!endOfDayIso(f.expires)) return "Expiry date is not a valid date";
  return "";
}

interface Props {
  mode: PromoDialogMode;
  onClose: () => void;
  onSaved: (promo: PromoCode, created: boolean) => void;
}

/** Create (code, discount, uses, expiry, influencer) or edit (discount, uses, expiry, active; the code is read-only). */
export function PromoDialog({ mode, onClose, onSaved }: Props) {
  const editing = mode.kind === "edit" ? mode.promo : null;
  const [code, setCode] = useState(editing?.code ?? "");
  const [discount, setDiscount] = useState(String(editing?.discountPercentage ?? DEFAULT_DISCOUNT));
  const [maxUses, setMaxUses] = useState(String(editing?.maxUses ?? DEFAULT_MAX_USES));
  const [expires, setExpires] = useState(() => (editing ? toDateInput(new Date(editing.expiresAt)) : defaultExpiry()));
  const [influencer, setInfluencer] = useState(false);
  const [active, setActive] = useState(editing?.isActive ?? true);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const invalid = validatePromo({ code: editing ? null : code, discount, maxUses, expires });
    if (invalid) return setError(invalid);
    // An untouched expiry date keeps the exact stored moment.
    const expiresAt = editing && expires === toDateInput(new Date(editing.expiresAt)) ? editing.expiresAt : endOfDayIso(expires)!;
    const numbers = { discountPercentage: Number(discount), maxUses: Number(maxUses), expiresAt };
    setBusy(true);
    setError("");
    try {
      if (editing) {
        const body = { ...numbers, isActive: active };
        onSaved(await adminApi<PromoCode>(`/api/admin/promo-codes/${encodeURIComponent(editing._id)}`, { method: "PUT", body }), false);
      } else {
        const body = { code: code.trim(), ...numbers, isInfluencerCode: influencer };
        onSaved(await adminApi<PromoCode>("/api/admin/promo-codes", { method: "POST", body }), true);
      }
    } catch (err) {
      setError(editing ? adminError(err, "Failed to update promo code.") : adminFormError(err, "Failed to create promo code."));
      setBusy(false);
    }
  }

  const title = editing ? "Edit Promo Code" : "Create Promo Code";
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="promo-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing ? "The code itself cannot be changed." : "Codes are upper case, without spaces, and must be unique."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label={title}>
          {error ? <FormAlert kind="error">{error}</FormAlert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="promo-code">Code</Label>
            <Input
              id="promo-code"
              value={code}
              readOnly={Boolean(editing)}
              aria-readonly={editing ? true : undefined}
              className={editing ? "bg-muted font-mono" : "font-mono uppercase"}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              placeholder="SUMMER25"
              onChange={(e) => !editing && setCode(normaliseCode(e.target.value))}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="promo-discount">Discount (%)</Label>
              <Input id="promo-discount" type="number" inputMode="numeric" min={1} max={100} step={1} value={discount} onChange={(e) => setDiscount(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="promo-max-uses">Max Uses</Label>
              <Input id="promo-max-uses" type="number" inputMode="numeric" min={1} step={1} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="promo-expires">Expires At</Label>
            <Input id="promo-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </div>
          {editing ? (
            <div className="flex items-center gap-2">
              <Checkbox id="promo-active" checked={active} onCheckedChange={(v) => setActive(v === true)} />
              <Label htmlFor="promo-active">Active</Label>
            </div>
          ) : (
            <div className="flex items-center gap-2">
              <Checkbox id="promo-influencer" checked={influencer} onCheckedChange={(v) => setInfluencer(v === true)} />
              <Label htmlFor="promo-influencer">Influencer code</Label>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {editing ? (busy ? "Saving..." : "Save Changes") : busy ? "Creating..." : "Create Promo Code"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
