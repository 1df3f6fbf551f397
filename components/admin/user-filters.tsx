"use client";

import { userFiltersSchema, type UserFilters as UserFilterValues } from "@/lib/services/admin/schemas";
import { FilterBar } from "./filter-bar";

export type { UserFilterValues };

export const NO_USER_FILTERS: UserFilterValues = { search: "", subscription: "", inTrial: "" };

/**
 * Search, subscription and trial-status filters, checked with the list query's own schema.
 * Edits stay local until 'Apply Filters'; 'Reset' clears the form and asks the list to reload
 * page 1 without filters.
 */
export function UserFilters({
  onApply,
  onReset,
}: {
  onApply: (filters: UserFilterValues) => void;
  onReset: () => void;
}) {
  return (
    <FilterBar
      schema={userFiltersSchema}
      empty={NO_USER_FILTERS}
      label="User filters"
      className="gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_auto]"
      columns={4}
      fields={[
        {
          kind: "search",
          name: "search",
          id: "user-search",
          label: "Search",
          maxLength: 200,
          placeholder: "Search by e-mail or name",
          className: "sm:col-span-2 lg:col-span-1",
        },
        {
          kind: "select",
          name: "subscription",
          id: "user-subscription",
          label: "Subscription",
          triggerClassName: "w-full",
          options: [
            { value: "free", label: "free" },
            { value: "trial", label: "trial" },
            { value: "lifetime", label: "lifetime" },
          ],
        },
        {
          kind: "select",
          name: "inTrial",
          id: "user-in-trial",
          label: "Trial status",
          triggerClassName: "w-full",
          options: [
            { value: "true", label: "In trial: Yes" },
            { value: "false", label: "In trial: No" },
          ],
        },
      ]}
      onApply={onApply}
      onReset={onReset}
    />
  );
}
