/**
 * A PostgreSQL array literal of values (`{1,2}`, `{"a","b \"c\""}`, NULL for null), sent as one
 * parameter and cast in SQL (`${pgArray(ids)}::bigint[]`): `unnest` over such arrays lets a statement
 * update many rows by key, which both databases plan as index lookups.
 */
export function pgArray(values: readonly (number | string | null)[]): string {
  const item = (v: number | string | null) =>
    v === null ? "NULL" : typeof v === "number" ? String(v) : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  return `{${values.map(item).join(",")}}`;
}
