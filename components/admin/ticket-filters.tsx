"use client";

import { RotateCcw, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface TicketFilterValues {
  search: string;
  status: string;
  priority: string;
}

export const EMPTY_TICKET_FILTERS: TicketFilterValues = { search: "", status: "", priority: "" };

export const TICKET_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
const PRIORITIES = ["low", "medium", "high"] as const;

/** Radix Select cannot hold an empty value, so "All" travels as this and maps to "". */
const ALL = "all";

interface Props {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
  onApply: () => void;
  onReset: () => void;
}

/** Search, status and priority; applied only by 'Apply Filters' (or Enter in the search box). */
export function TicketFilters({ values, onChange, onApply, onReset }: Props) {
  const set = (patch: Partial<TicketFilterValues>) => onChange({ ...values, ...patch });
  return (
    <form
      role="search"
      aria-label="Filter tickets"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] lg:items-end"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="ticket-search">Search</Label>
        <Input
          id="ticket-search"
          type="search"
          value={values.search}
          maxLength={200}
          placeholder="Subject, message, user name or e-mail"
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-status-filter">Status</Label>
        <Select value={values.status || ALL} onValueChange={(v) => set({ status: v === ALL ? "" : v })}>
          <SelectTrigger id="ticket-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            {TICKET_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>{s}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-priority-filter">Priority</Label>
        <Select value={values.priority || ALL} onValueChange={(v) => set({ priority: v === ALL ? "" : v })}>
          <SelectTrigger id="ticket-priority-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            {PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>{p}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          <Search aria-hidden /> Apply Filters
        </Button>
        <Button type="button" variant="outline" className="flex-1 lg:flex-none" onClick={onReset}>
          <RotateCcw aria-hidden /> Reset
        </Button>
      </div>
    </form>
  );
}
