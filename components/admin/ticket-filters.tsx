"use client";

import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/domain/enums";
import { ticketFiltersSchema, type TicketFilters as TicketFilterValues } from "@/lib/services/admin/schemas";
import { FilterBar } from "./filter-bar";

export type { TicketFilterValues };

export const EMPTY_TICKET_FILTERS: TicketFilterValues = { search: "", status: "", priority: "" };

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

interface Props {
  onApply: (values: TicketFilterValues) => void;
  onReset: () => void;
}

/**
 * Search, status and priority, checked with the list query's own schema; applied only by 'Apply Filters' (or Enter).
 */
export function TicketFilters({ onApply, onReset }: Props) {
  return (
    <FilterBar
      schema={ticketFiltersSchema}
      empty={EMPTY_TICKET_FILTERS}
      label="Filter tickets"
      className="gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_auto]"
      columns={4}
      icons
      fields={[
        {
          kind: "search",
          name: "search",
          id: "ticket-search",
          label: "Search",
          maxLength: 200,
          placeholder: "Subject, message, user name or e-mail",
          className: "sm:col-span-2 lg:col-span-1",
        },
        {
          kind: "select",
          name: "status",
          id: "ticket-status-filter",
          label: "Status",
          options: asOptions(TICKET_STATUSES),
        },
        {
          kind: "select",
          name: "priority",
          id: "ticket-priority-filter",
          label: "Priority",
          options: asOptions(TICKET_PRIORITIES),
        },
      ]}
      onApply={onApply}
      onReset={onReset}
    />
  );
}
