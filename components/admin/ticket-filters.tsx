"use client";

import { Controller } from "react-hook-form";
import { RotateCcw, Search } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  ticketFiltersSchema,
  type TicketFilters as TicketFilterValues,
} from "@/lib/services/admin/schemas";

export type { TicketFilterValues };

export const EMPTY_TICKET_FILTERS: TicketFilterValues = { search: "", status: "", priority: "" };

/** Radix Select cannot hold an empty value, so "All" travels as this and maps to "". */
const ALL = "all";
const fromSelect = (value: string) => (value === ALL ? "" : value);

interface Props {
  onApply: (values: TicketFilterValues) => void;
  onReset: () => void;
}

/**
 * Search, status and priority, checked with the list query's own schema; applied only by 'Apply Filters' (or Enter).
 */
export function TicketFilters({ onApply, onReset }: Props) {
  const form = useZodForm(ticketFiltersSchema, { defaultValues: EMPTY_TICKET_FILTERS });
  return (
    <form
      role="search"
      aria-label="Filter tickets"
      noValidate
      onSubmit={form.handleSubmit(onApply)}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] lg:items-end"
    >
      {form.formError ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        </div>
      ) : null}
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="ticket-search">Search</Label>
        <Input
          id="ticket-search"
          type="search"
          maxLength={200}
          placeholder="Subject, message, user name or e-mail"
          {...form.register("search")}
          {...form.field("search")}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-status-filter">Status</Label>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value || ALL} onValueChange={(v) => field.onChange(fromSelect(v))}>
              <SelectTrigger id="ticket-status-filter" {...form.field("status")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                {TICKET_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-priority-filter">Priority</Label>
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <Select value={field.value || ALL} onValueChange={(v) => field.onChange(fromSelect(v))}>
              <SelectTrigger id="ticket-priority-filter" {...form.field("priority")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                {TICKET_PRIORITIES.map((p) => (
                  <SelectItem key={p} value={p}>
                    {p}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
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
            form.reset(EMPTY_TICKET_FILTERS);
            onReset();
          }}
        >
          <RotateCcw aria-hidden /> Reset
        </Button>
      </div>
    </form>
  );
}
