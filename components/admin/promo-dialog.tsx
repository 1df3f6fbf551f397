"use client";

import { Controller, type UseFormRegisterReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCreatePromoCode, useUpdatePromoCode } from "@/lib/client/queries/admin";
import {
  createPromoFormSchema,
  endOfDayIso,
  toDateInput,
  updatePromoFormSchema,
} from "@/lib/services/admin/promo-schemas";
import { adminError, adminFormError } from "./admin-errors";
import type { PromoCodeJson } from "@/lib/responses/admin";

type PromoDialogMode = { kind: "create" } | { kind: "edit"; promo: PromoCodeJson };

/** The spec's create defaults: 10% and 100 uses; the expiry defaults to 30 days from today. */
const DEFAULT_DISCOUNT = 10;
const DEFAULT_MAX_USES = 100;
const DEFAULT_VALID_DAYS = 30;

function defaultExpiry(): string {
  const date = new Date();
  date.setDate(date.getDate() + DEFAULT_VALID_DAYS);
  return toDateInput(date);
}

/** As typed: upper case, no whitespace. */
const normaliseCode = (value: string) => value.toUpperCase().replace(/\s+/g, "");

interface Props {
  mode: PromoDialogMode;
  onClose: () => void;
  onSaved: (promo: PromoCodeJson, created: boolean) => void;
}

/**
 * Create (code, discount, uses, expiry, influencer) or edit (discount, uses, expiry, active; the code is read-only).
 */
export function PromoDialog({ mode, onClose, onSaved }: Props) {
  return mode.kind === "edit" ? (
    <EditPromo promo={mode.promo} onClose={onClose} onSaved={onSaved} />
  ) : (
    <CreatePromo onClose={onClose} onSaved={onSaved} />
  );
}

function Frame({
  title,
  description,
  busy,
  onClose,
  children,
}: {
  title: string;
  description: string;
  busy: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="promo-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

const fieldClass = "space-y-1.5";

function CreatePromo({ onClose, onSaved }: Omit<Props, "mode">) {
  const form = useZodForm(createPromoFormSchema, {
    defaultValues: {
      code: "",
      discountPercentage: DEFAULT_DISCOUNT,
      maxUses: DEFAULT_MAX_USES,
      expiresAt: defaultExpiry(),
      isInfluencerCode: false,
    },
  });
  const create = useCreatePromoCode();
  const busy = create.isPending;

  const onSubmit = form.handleSubmit(
    (values) => {
      form.clearServerError();
      create.mutate(
        { ...values, expiresAt: endOfDayIso(values.expiresAt)! },
        {
          onSuccess: (promo) => onSaved(promo, true),
          onError: (err) => form.setServerError(adminFormError(err, "Failed to create promo code.")),
        },
      );
    },
    () => create.reset(),
  );

  return (
    <Frame
      title="Create Promo Code"
      description="Codes are upper case, without spaces, and must be unique."
      busy={busy}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Create Promo Code">
        {form.formError ? (
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        ) : null}
        <div className={fieldClass}>
          <Label htmlFor="promo-code">Code</Label>
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <Input
                id="promo-code"
                className="font-mono uppercase"
                maxLength={32}
                autoComplete="off"
                spellCheck={false}
                placeholder="SUMMER25"
                name={field.name}
                ref={field.ref}
                value={String(field.value ?? "")}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(normaliseCode(e.target.value))}
                {...form.field("code")}
              />
            )}
          />
        </div>
        <SharedFields register={(name) => form.register(name)} field={form.field} />
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="isInfluencerCode"
            render={({ field }) => (
              <Checkbox
                id="promo-influencer"
                checked={field.value === true}
                onCheckedChange={(v) => field.onChange(v === true)}
              />
            )}
          />
          <Label htmlFor="promo-influencer">Influencer code</Label>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Promo Code"}
          </Button>
        </DialogFooter>
      </form>
    </Frame>
  );
}

function EditPromo({ promo, onClose, onSaved }: Omit<Props, "mode"> & { promo: PromoCodeJson }) {
  const storedDay = toDateInput(new Date(promo.expiresAt));
  const form = useZodForm(updatePromoFormSchema, {
    defaultValues: {
      discountPercentage: promo.discountPercentage,
      maxUses: promo.maxUses,
      expiresAt: storedDay,
      isActive: promo.isActive,
    },
  });
  const update = useUpdatePromoCode();
  const busy = update.isPending;

  const onSubmit = form.handleSubmit(
    (values) => {
      form.clearServerError();
      // An untouched expiry date keeps the exact stored moment.
      const expiresAt = values.expiresAt === storedDay ? promo.expiresAt : endOfDayIso(values.expiresAt)!;
      update.mutate(
        { promoId: promo._id, body: { ...values, expiresAt } },
        {
          onSuccess: (saved) => onSaved(saved, false),
          onError: (err) => form.setServerError(adminError(err, "Failed to update promo code.")),
        },
      );
    },
    () => update.reset(),
  );

  return (
    <Frame title="Edit Promo Code" description="The code itself cannot be changed." busy={busy} onClose={onClose}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Edit Promo Code">
        {form.formError ? (
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        ) : null}
        <div className={fieldClass}>
          <Label htmlFor="promo-code">Code</Label>
          <Input id="promo-code" value={promo.code} readOnly aria-readonly className="bg-muted font-mono" />
        </div>
        <SharedFields register={(name) => form.register(name)} field={form.field} />
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <Checkbox
                id="promo-active"
                checked={field.value === true}
                onCheckedChange={(v) => field.onChange(v === true)}
              />
            )}
          />
          <Label htmlFor="promo-active">Active</Label>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </form>
    </Frame>
  );
}

type SharedName = "discountPercentage" | "maxUses" | "expiresAt";

/** The fields both dialogs share: discount, max uses and expiry (registered on either form). */
function SharedFields({
  register,
  field,
}: {
  register: (name: SharedName) => UseFormRegisterReturn;
  field: (name: SharedName) => object;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={fieldClass}>
          <Label htmlFor="promo-discount">Discount (%)</Label>
          <Input
            id="promo-discount"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            {...register("discountPercentage")}
            {...field("discountPercentage")}
          />
        </div>
        <div className={fieldClass}>
          <Label htmlFor="promo-max-uses">Max Uses</Label>
          <Input
            id="promo-max-uses"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register("maxUses")}
            {...field("maxUses")}
          />
        </div>
      </div>
      <div className={fieldClass}>
        <Label htmlFor="promo-expires">Expires At</Label>
        <Input id="promo-expires" type="date" {...register("expiresAt")} {...field("expiresAt")} />
      </div>
    </>
  );
}
