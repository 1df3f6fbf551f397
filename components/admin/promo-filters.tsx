"use client";

import { promoFiltersSchema, type PromoFilters as PromoFilterValues } from "@/lib/services/admin/promo-schemas";
import { FilterBar } from "./filter-bar";

export type { PromoFilterValues };

export const EMPTY_PROMO_FILTERS: PromoFilterValues = { isActive: "", search: "" };

/** Status (the display status: active and not expired) and code search, checked with the list query's schema. */
export function PromoFilters({
  onApply,
  onReset,
}: {
  onApply: (values: PromoFilterValues) => void;
  onReset: () => void;
}) {
  return (
    <FilterBar
      schema={promoFiltersSchema}
      empty={EMPTY_PROMO_FILTERS}
      label="Filter promo codes"
      className="gap-3 sm:grid-cols-[11rem_minmax(0,1fr)] lg:grid-cols-[11rem_minmax(0,1fr)_auto]"
      columns={3}
      icons
      fields={[
        {
          kind: "select",
          name: "isActive",
          id: "promo-status-filter",
          label: "Status",
          options: [
            { value: "true", label: "Active" },
            { value: "false", label: "Inactive" },
          ],
        },
        {
          kind: "search",
          name: "search",
          id: "promo-search",
          label: "Search",
          maxLength: 100,
          placeholder: "Search by code",
        },
      ]}
      onApply={onApply}
      onReset={onReset}
    />
  );
}
