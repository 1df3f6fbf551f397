import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { csvFiles, csvRows, users } from "@/lib/db/schema";
import { newUser } from "../support/ai";
import { csvApi as api, prospects, storedRows } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

// csv_rows.file_id is checked per statement by triggers (migration 0014) instead of a per-row foreign key.
describe("csv_rows.file_id, checked per statement", () => {
  it("refuses a statement that inserts rows of a missing file, and keeps none of its rows", async () => {
    const user = await newUser("csv-file-check");
    const file = await api.import(user, { fileName: "ok.csv", rows: prospects(2) });
    const insert = db.insert(csvRows).values([
      { fileId: file.json._id, position: 5, data: { Name: "fine" } },
      { fileId: randomUUID(), position: 0, data: { Name: "orphan" } },
    ]);
    await expect(insert).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23503" }) });
    expect(await storedRows(file.json._id)).toHaveLength(2);
  });

  it("deletes a file's rows with the file, and with its owner", async () => {
    const user = await newUser("csv-file-cascade");
    const a = await api.import(user, { fileName: "a.csv", rows: prospects(3) });
    const b = await api.import(user, { fileName: "b.csv", rows: prospects(4) });
    expect((await api.remove(user, a.json._id)).status).toBe(200);
    expect(await storedRows(a.json._id)).toEqual([]);
    expect(await storedRows(b.json._id)).toHaveLength(4);
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(csvFiles).where(eq(csvFiles.id, b.json._id))).toEqual([]);
    expect(await storedRows(b.json._id)).toEqual([]);
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from csv_rows r where not exists (select 1 from csv_files f where f.id = r.file_id)`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(0);
  });
});
