"use client";

import { Controller, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { RotateCcw, Search } from "lucide-react";
import type { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

/** Radix Select cannot hold an empty value, so "All" travels as this and maps to "". */
const ALL = "all";
const fromSelect = (value: string) => (value === ALL ? "" : value);

/** A free-text search box of a filter bar. */
interface SearchFilter<N extends string> {
  kind: "search";
  name: N;
  id: string;
  label: string;
  maxLength: number;
  placeholder: string;
  className?: string;
}

/** A drop-down of a filter bar: "All" (no filter) first, then `options`. */
interface SelectFilter<N extends string> {
  kind: "select";
  name: N;
  id: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  triggerClassName?: string;
}

type FilterField<N extends string> = SearchFilter<N> | SelectFilter<N>;

/** The error line spans the whole bar, however many columns it has. */
const ERROR_SPAN = { 3: "sm:col-span-2 lg:col-span-3", 4: "sm:col-span-2 lg:col-span-4" } as const;

interface Props<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The list query's own schema: the filters are checked as the server will check them. */
  schema: S;
  /** The values of "no filter" (the form's start, and what Reset restores). */
  empty: z.input<S>;
  fields: ReadonlyArray<FilterField<Path<z.input<S>>>>;
  label: string;
  /** The bar's grid (its columns at each width); `columns` is how many there are at the widest. */
  className: string;
  columns: 3 | 4;
  /** Search and reset icons on the buttons. */
  icons?: boolean;
  onApply: (values: z.output<S>) => void;
  onReset: () => void;
}

/**
 * The filter bar of an admin list. Edits stay local until 'Apply Filters' (or Enter); 'Reset'
 * clears the form and asks the list to reload page 1 without filters.
 */
export function FilterBar<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  empty,
  fields,
  label,
  className,
  columns,
  icons = false,
  onApply,
  onReset,
}: Props<S>) {
  const form = useZodForm(schema, { defaultValues: empty as DefaultValues<z.input<S>> });
  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      onSubmit={form.handleSubmit(onApply)}
      className={cn("grid rounded-xl border bg-card p-4 lg:items-end", className)}
    >
      {form.formError ? (
        <div className={ERROR_SPAN[columns]}>
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        </div>
      ) : null}
      {fields.map((f) =>
        f.kind === "search" ? (
          <div key={f.id} className={cn("space-y-1.5", f.className)}>
            <Label htmlFor={f.id}>{f.label}</Label>
            <Input id={f.id} type="search" maxLength={f.maxLength} placeholder={f.placeholder} {...form.bind(f.name)} />
          </div>
        ) : (
          <div key={f.id} className="space-y-1.5">
            <Label htmlFor={f.id}>{f.label}</Label>
            <Controller
              control={form.control}
              name={f.name}
              render={({ field }) => (
                <Select value={field.value || ALL} onValueChange={(v) => field.onChange(fromSelect(v))}>
                  <SelectTrigger id={f.id} className={f.triggerClassName} {...form.field(f.name)}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>All</SelectItem>
                    {f.options.map((o) => (
                      <SelectItem key={o.value} value={o.value}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
        ),
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          {icons ? <Search aria-hidden /> : null} Apply Filters
        </Button>
        <Button
          type="button"
          variant="outline"
          className="flex-1 lg:flex-none"
          onClick={() => {
            form.reset(empty);
            onReset();
          }}
        >
          {icons ? <RotateCcw aria-hidden /> : null} Reset
        </Button>
      </div>
    </form>
  );
}
