"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The applied user filters; "" means "All". */
export interface UserFilterValues {
  search: string;
  subscription: "" | "free" | "trial" | "lifetime";
  inTrial: "" | "true" | "false";
}

export const NO_USER_FILTERS: UserFilterValues = { search: "", subscription: "", inTrial: "" };

/** Radix Select items cannot carry "", so "All" travels as this sentinel inside the form. */
const ALL = "all";
const fromSelect = <T extends string>(value: string) => (value === ALL ? "" : value) as T | "";

/**
 * Search, subscription and trial-status filters. Edits stay local until 'Apply Filters';
 * 'Reset' clears the form and asks the list to reload page 1 without filters.
 */
export function UserFilters({ onApply, onReset }: { onApply: (filters: UserFilterValues) => void; onReset: () => void }) {
  const [draft, setDraft] = useState<UserFilterValues>(NO_USER_FILTERS);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  }

  function reset() {
    setDraft(NO_USER_FILTERS);
    onReset();
  }

  return (
    <form role="search" noValidate onSubmit={apply} className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_auto] lg:items-end" aria-label="User filters">
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="user-search">Search</Label>
        <Input
          id="user-search"
          type="search"
          value={draft.search}
          maxLength={200}
          onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
          placeholder="Search by e-mail or name"
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="user-subscription">Subscription</Label>
        <Select value={draft.subscription || ALL} onValueChange={(v) => setDraft((d) => ({ ...d, subscription: fromSelect<"free" | "trial" | "lifetime">(v) }))}>
          <SelectTrigger id="user-subscription" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            <SelectItem value="free">free</SelectItem>
            <SelectItem value="trial">trial</SelectItem>
            <SelectItem value="lifetime">lifetime</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="user-in-trial">Trial status</Label>
        <Select value={draft.inTrial || ALL} onValueChange={(v) => setDraft((d) => ({ ...d, inTrial: fromSelect<"true" | "false">(v) }))}>
          <SelectTrigger id="user-in-trial" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            <SelectItem value="true">In trial: Yes</SelectItem>
            <SelectItem value="false">In trial: No</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          Apply Filters
        </Button>
        <Button type="button" variant="outline" className="flex-1 lg:flex-none" onClick={reset}>
          Reset
        </Button>
      </div>
    </form>
  );
}
