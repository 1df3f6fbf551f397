"use client";

import { Controller } from "react-hook-form";
import { RotateCcw, Search } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { promoFiltersSchema, type PromoFilters as PromoFilterValues } from "@/lib/services/admin/promo-schemas";

export type { PromoFilterValues };

export const EMPTY_PROMO_FILTERS: PromoFilterValues = { isActive: "", search: "" };

/** Radix Select cannot hold an empty value, so "All" travels as this and maps to "". */
const ALL = "all";

/** Status (the display status: active and not expired) and code search, checked with the list query's schema. */
export function PromoFilters({
  onApply,
  onReset,
}: {
  onApply: (values: PromoFilterValues) => void;
  onReset: () => void;
}) {
  const form = useZodForm(promoFiltersSchema, { defaultValues: EMPTY_PROMO_FILTERS });
  return (
    <form
      role="search"
      aria-label="Filter promo codes"
      noValidate
      onSubmit={form.handleSubmit(onApply)}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[11rem_minmax(0,1fr)] lg:grid-cols-[11rem_minmax(0,1fr)_auto] lg:items-end"
    >
      {form.formError ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        </div>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="promo-status-filter">Status</Label>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Select value={field.value || ALL} onValueChange={(v) => field.onChange(v === ALL ? "" : v)}>
              <SelectTrigger id="promo-status-filter" {...form.field("isActive")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                <SelectItem value="true">Active</SelectItem>
                <SelectItem value="false">Inactive</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="promo-search">Search</Label>
        <Input
          id="promo-search"
          type="search"
          maxLength={100}
          placeholder="Search by code"
          {...form.register("search")}
          {...form.field("search")}
        />
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
            form.reset(EMPTY_PROMO_FILTERS);
            onReset();
          }}
        >
          <RotateCcw aria-hidden /> Reset
        </Button>
      </div>
    </form>
  );
}
