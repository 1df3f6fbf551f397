import { asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { POST as appendPOST } from "@/app/api/csv/[id]/append/route";
import { GET as changesGET } from "@/app/api/csv/[id]/changes/route";
import { DELETE as columnDELETE } from "@/app/api/csv/[id]/columns/[name]/route";
import { POST as columnsPOST } from "@/app/api/csv/[id]/columns/route";
import { DELETE as fileDELETE, GET as fileGET } from "@/app/api/csv/[id]/route";
import { DELETE as rowDELETE, PATCH as rowPATCH } from "@/app/api/csv/[id]/rows/[rowId]/route";
import { POST as rowsPOST } from "@/app/api/csv/[id]/rows/route";
import { POST as importPOST } from "@/app/api/csv/import/route";
import { GET as recentGET } from "@/app/api/csv/recent/route";
import { GET as listGET } from "@/app/api/csv/route";
import { PUT as updatePUT } from "@/app/api/csv/update/route";
import { db } from "@/lib/db";
import { csvFiles, csvRows } from "@/lib/db/schema";
import type { TestUser } from "./ai";
import { callRoute, type AnyJson } from "./http";

type Who = TestUser | null;
const auth = (u: Who) => u?.headers ?? {};

/** The CSV routes, called the way Next would (dynamic params arrive URL-decoded once). */
export const csvApi = {
  import: (u: Who, body: unknown) =>
    callRoute(importPOST, { method: "POST", url: "/api/csv/import", headers: auth(u), body }),
  list: (u: Who) => callRoute(listGET, { url: "/api/csv", headers: auth(u) }),
  recent: (u: Who) => callRoute(recentGET, { url: "/api/csv/recent", headers: auth(u) }),
  get: (u: Who, id: string) => callRoute(fileGET, { url: `/api/csv/${id}`, headers: auth(u), params: { id } }),
  remove: (u: Who, id: string) =>
    callRoute(fileDELETE, { method: "DELETE", url: `/api/csv/${id}`, headers: auth(u), params: { id } }),
  update: (u: Who, body: unknown) =>
    callRoute(updatePUT, { method: "PUT", url: "/api/csv/update", headers: auth(u), body }),
  append: (u: Who, id: string, body: unknown) =>
    callRoute(appendPOST, { method: "POST", url: `/api/csv/${id}/append`, headers: auth(u), params: { id }, body }),
  addRow: (u: Who, id: string, body: unknown = {}) =>
    callRoute(rowsPOST, { method: "POST", url: `/api/csv/${id}/rows`, headers: auth(u), params: { id }, body }),
  patchRow: (u: Who, id: string, rowId: number | string, body: unknown) =>
    callRoute(rowPATCH, {
      method: "PATCH",
      url: `/api/csv/${id}/rows/${rowId}`,
      headers: auth(u),
      params: { id, rowId: String(rowId) },
      body,
    }),
  deleteRow: (u: Who, id: string, rowId: number | string) =>
    callRoute(rowDELETE, {
      method: "DELETE",
      url: `/api/csv/${id}/rows/${rowId}`,
      headers: auth(u),
      params: { id, rowId: String(rowId) },
    }),
  addColumn: (u: Who, id: string, body: unknown) =>
    callRoute(columnsPOST, { method: "POST", url: `/api/csv/${id}/columns`, headers: auth(u), params: { id }, body }),
  deleteColumn: (u: Who, id: string, name: string) =>
    callRoute(columnDELETE, {
      method: "DELETE",
      url: `/api/csv/${id}/columns/${encodeURIComponent(name)}`,
      headers: auth(u),
      params: { id, name },
    }),
  changes: (u: Who, id: string, since?: string) =>
    callRoute(changesGET, {
      url: `/api/csv/${id}/changes${since === undefined ? "" : `?since=${encodeURIComponent(since)}`}`,
      headers: auth(u),
      params: { id },
    }),
};

/** Imports a finished file through the route and returns its JSON. */
export async function importFile(
  user: TestUser,
  rows: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<AnyJson> {
  const res = await csvApi.import(user, { fileName: "prospects.csv", rows, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

export const prospects = (n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => ({
    Name: `Prospect ${from + k}`,
    Email: `p${from + k}@example.test`,
    Company: `Co ${from + k}`,
  }));

/** Every stored row of a file (tombstones included), in file order. */
export function storedRows(fileId: string) {
  return db.select().from(csvRows).where(eq(csvRows.fileId, fileId)).orderBy(asc(csvRows.position), asc(csvRows.id));
}

/** Moves every row's updated_at a minute into the past (instead of sleeping). */
export async function ageRows(fileId: string): Promise<void> {
  await db
    .update(csvRows)
    .set({ updatedAt: sql`now() - interval '1 minute'` })
    .where(eq(csvRows.fileId, fileId));
}

export async function setRowCount(fileId: string, rowCount: number): Promise<void> {
  await db.update(csvFiles).set({ rowCount }).where(eq(csvFiles.id, fileId));
}

export const ids = (list: { _id: string }[]) => list.map((f) => f._id);
