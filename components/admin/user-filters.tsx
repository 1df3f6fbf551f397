"use client";

import { Controller } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { userFiltersSchema, type UserFilters as UserFilterValues } from "@/lib/services/admin/schemas";

export type { UserFilterValues };

export const NO_USER_FILTERS: UserFilterValues = { search: "", subscription: "", inTrial: "" };

/** Radix Select items cannot carry "", so "All" travels as this sentinel inside the form. */
const ALL = "all";
const fromSelect = (value: string) => (value === ALL ? "" : value);

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
  const form = useZodForm(userFiltersSchema, { defaultValues: NO_USER_FILTERS });

  function reset() {
    form.reset(NO_USER_FILTERS);
    onReset();
  }

  return (
    <form
      role="search"
      noValidate
      onSubmit={form.handleSubmit(onApply)}
      className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_auto] lg:items-end"
      aria-label="User filters"
    >
      {form.formError ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        </div>
      ) : null}
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="user-search">Search</Label>
        <Input
          id="user-search"
          type="search"
          maxLength={200}
          placeholder="Search by e-mail or name"
          {...form.register("search")}
          {...form.field("search")}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="user-subscription">Subscription</Label>
        <Controller
          control={form.control}
          name="subscription"
          render={({ field }) => (
            <Select value={field.value || ALL} onValueChange={(v) => field.onChange(fromSelect(v))}>
              <SelectTrigger id="user-subscription" className="w-full" {...form.field("subscription")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                <SelectItem value="free">free</SelectItem>
                <SelectItem value="trial">trial</SelectItem>
                <SelectItem value="lifetime">lifetime</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="user-in-trial">Trial status</Label>
        <Controller
          control={form.control}
          name="inTrial"
          render={({ field }) => (
            <Select value={field.value || ALL} onValueChange={(v) => field.onChange(fromSelect(v))}>
              <SelectTrigger id="user-in-trial" className="w-full" {...form.field("inTrial")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All</SelectItem>
                <SelectItem value="true">In trial: Yes</SelectItem>
                <SelectItem value="false">In trial: No</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
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
