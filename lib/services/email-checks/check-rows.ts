import "server-only";
import { sql } from "drizzle-orm";
import { db, type Tx } from "@/lib/db";
import { pgArray } from "@/lib/db/pg-array";
import type { emailChecks } from "@/lib/db/schema";
import { EMAIL_STATUS_COLUMN } from "@/lib/csv/email-status";
import type { EmailStatus } from "@/lib/email-checks/statuses";
import { beforeDns, normalAddress } from "./classify";

type EmailCheckRecord = typeof emailChecks.$inferSelect;

/** A row still to check, in file order, with what the checks decide without the network. */
export interface RowToCheck {
  id: number;
  position: number;
  /** The cell, trimmed. */
  address: string;
  /** The address (case-insensitively) is in an earlier row of the file. */
  duplicate: boolean;
  /** null: an empty cell (no status); "dns": decided by the domain's lookup. */
  local: EmailStatus | "dns" | null;
}

/**
 * The rows a check still has to do, in file order (position, then id): the chosen ones after its cursor. Every
 * live row of the file is read (its address only), so that `duplicate` means "in an earlier row of the file",
 * chosen or not, whichever worker resumes the check.
 */
export async function rowsToCheck(check: EmailCheckRecord): Promise<RowToCheck[]> {
  const result = await db.execute<{ id: number; position: number; address: string }>(sql`
    select id, position, coalesce(data ->> ${check.column}, '') as address from csv_rows
    where file_id = ${check.csvId} and deleted_at is null order by position, id`);
  const { rowIds, maxRowId } = check.options;
  const chosen = rowIds ? new Set(rowIds) : null;
  const after = (id: number, position: number) =>
    check.cursorPosition === null ||
    position > check.cursorPosition ||
    (position === check.cursorPosition && id > Number(check.cursorRowId));
  const seen = new Set<string>();
  const rows: RowToCheck[] = [];
  for (const r of result.rows) {
    const id = Number(r.id);
    const address = r.address.trim();
    const key = normalAddress(address);
    const duplicate = key !== "" && seen.has(key);
    if (key !== "") seen.add(key);
    if (!(chosen ? chosen.has(id) : id <= maxRowId) || !after(id, r.position)) continue;
    rows.push({ id, position: r.position, address, duplicate, local: beforeDns(address) });
  }
  return rows;
}

/**
 * A PostgreSQL array literal of ids or statuses (each status quoted: "" is an empty cell; statuses are plain
 * words, nothing to escape). An array, not a JSON record set: the planner then knows how many rows it joins.
 */

/** Adds the Email Status column to the file's columns when missing (one statement). */
async function ensureStatusColumn(tx: Tx, fileId: string) {
  const wanted = JSON.stringify([EMAIL_STATUS_COLUMN]);
  await tx.execute(sql`update csv_files set columns = columns || ${wanted}::jsonb, updated_at = now()
    where id = ${fileId} and not columns @> ${wanted}::jsonb`);
}

/**
 * Records one chunk in one transaction, only by the lease's holder: each row's Email Status (an empty cell's
 * stale status is cleared; its row's updated_at moves, so change polling shows it), the check's counts, its
 * checked rows and its cursor (the chunk's last row). False when the lease was lost (nothing written).
 */
export async function recordChunk(
  check: EmailCheckRecord,
  owner: string,
  rows: readonly RowToCheck[],
  statuses: readonly (EmailStatus | null)[],
): Promise<boolean> {
  const counts: Record<string, number> = {};
  for (const s of statuses) if (s) counts[s] = (counts[s] ?? 0) + 1;
  const cells = rows.map((r, i) => ({ id: r.id, status: statuses[i] ?? "" }));
  const last = rows.at(-1)!;
  return db.transaction(async (tx) => {
    const held = await tx.execute(sql`update email_checks set checked = checked + ${rows.length},
        counts = counts || coalesce((select jsonb_object_agg(c.key, coalesce((email_checks.counts ->> c.key)::int, 0)
          + c.value::int) from jsonb_each_text(${JSON.stringify(counts)}::jsonb) c), '{}'::jsonb),
        cursor_position = ${last.position}, cursor_row_id = ${last.id}, updated_at = now()
      where id = ${check.id} and lease_owner = ${owner} returning id`);
    if (held.rows.length === 0) return false;
    if (cells.some((c) => c.status !== "")) await ensureStatusColumn(tx, check.csvId);
    await tx.execute(sql`update csv_rows r set data = r.data || jsonb_build_object(${EMAIL_STATUS_COLUMN}::text, x.status),
        updated_at = now()
      from unnest(${pgArray(cells.map((c) => c.id))}::bigint[], ${pgArray(cells.map((c) => c.status))}::text[]) as x(id, status)
      where r.id = x.id and r.file_id = ${check.csvId} and r.deleted_at is null
        and (x.status <> '' or coalesce(r.data ->> ${EMAIL_STATUS_COLUMN}::text, '') <> '')`);
    return true;
  });
}
