"use client";

import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { MappingDraft } from "./push-request";

/** A Radix select item cannot have an empty value: this one stands for "— none —". */
const NONE = "__none__";

type LeadField = "email" | "firstName" | "lastName" | "companyName";

const LEAD_FIELDS: { field: LeadField; label: string; id: string; optional: boolean }[] = [
  { field: "email", label: "E-mail", id: "push-map-email", optional: false },
  { field: "firstName", label: "First name", id: "push-map-first-name", optional: true },
  { field: "lastName", label: "Last name", id: "push-map-last-name", optional: true },
  { field: "companyName", label: "Company", id: "push-map-company", optional: true },
];

interface ColumnSelectProps {
  id?: string;
  ariaLabel?: string;
  value: string | null;
  columns: string[];
  optional: boolean;
  disabled: boolean;
  onChange: (column: string | null) => void;
}

function ColumnSelect({ id, ariaLabel, value, columns, optional, disabled, onChange }: ColumnSelectProps) {
  // A column the mapping names but the table no longer shows stays listed, so the choice is visible.
  const options = value && !columns.includes(value) ? [...columns, value] : columns;
  return (
    <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={ariaLabel}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {optional ? <SelectItem value={NONE}>— none —</SelectItem> : null}
        {options.map((column) => (
          <SelectItem key={column} value={column}>
            {column}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

async function copyVariable(name: string) {
  const text = `{{${name}}}`;
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`Copied ${text}`);
  } catch {
    toast.error(`Could not copy. Select ${text} and copy it.`);
  }
}

interface Props {
  columns: string[];
  mapping: MappingDraft;
  onChange: (mapping: MappingDraft) => void;
  disabled: boolean;
}

/**
 * Which column fills each field of the lead (e-mail, first and last name, company), then the
 * variables the campaign's template uses, each with the column it takes and a copy button for
 * `{{variable}}`.
 */
export function PushMapping({ columns, mapping, onChange, disabled }: Props) {
  const variables = Object.entries(mapping.variables);
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-semibold">Fields</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {LEAD_FIELDS.map(({ field, label, id, optional }) => (
          <div key={field} className="space-y-1.5">
            <Label htmlFor={id}>{label}</Label>
            <ColumnSelect
              id={id}
              value={mapping[field]}
              columns={columns}
              optional={optional}
              disabled={disabled}
              onChange={(column) => onChange({ ...mapping, [field]: field === "email" ? (column ?? "") : column })}
            />
          </div>
        ))}
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Variables</h3>
        <p className="text-xs text-muted-foreground">Use these variables in your campaign&apos;s template</p>
        {variables.length === 0 ? (
          <p className="text-sm text-muted-foreground">No variables: only the fields above are sent.</p>
        ) : (
          <ul className="space-y-2">
            {variables.map(([name, column]) => (
              <li key={name} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2">
                <code className="truncate rounded bg-muted px-1.5 py-1 font-mono text-xs">{`{{${name}}}`}</code>
                <ColumnSelect
                  ariaLabel={`Column for {{${name}}}`}
                  value={column}
                  columns={columns}
                  optional
                  disabled={disabled}
                  onChange={(next) => onChange({ ...mapping, variables: { ...mapping.variables, [name]: next } })}
                />
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Copy {{${name}}}`}
                  onClick={() => void copyVariable(name)}
                >
                  <Copy aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
