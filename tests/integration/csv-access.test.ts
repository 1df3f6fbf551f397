import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUser } from "../support/ai";
import { csvApi as api, ids, importFile, prospects, storedRows } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

describe("ownership, deletion and authentication", () => {
  it("answers 404 for another user's file on every route and leaves it untouched", async () => {
    const owner = await newUser("csv-owner");
    const intruder = await newUser("csv-intruder");
    const file = await importFile(owner, prospects(2));
    const rowId = file.rowIds[0];
    const attempts = [
      await api.get(intruder, file._id),
      await api.update(intruder, { id: file._id, rows: [] }),
      await api.append(intruder, file._id, { rows: prospects(1), final: true }),
      await api.addRow(intruder, file._id, {}),
      await api.patchRow(intruder, file._id, rowId, { data: { Name: "Hijacked" } }),
      await api.deleteRow(intruder, file._id, rowId),
      await api.addColumn(intruder, file._id, { name: "Hijacked" }),
      await api.deleteColumn(intruder, file._id, "Email"),
      await api.changes(intruder, file._id, new Date(0).toISOString()),
      await api.remove(intruder, file._id),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(404);
      expect(res.json.msg).toBe("CSV file not found");
    }
    const after = await api.get(owner, file._id);
    expect(after.json).toMatchObject({
      rowCount: 2,
      rows: prospects(2),
      columns: ["Name", "Email", "Company"],
      rowIds: file.rowIds,
    });
  });

  it("answers 404 for ids that are not uuids", async () => {
    const user = await newUser("csv-bad-id");
    for (const id of ["123", "not-a-uuid", "../etc", "00000000-0000-4000-8000-000000000000"]) {
      for (const res of [
        await api.get(user, id),
        await api.remove(user, id),
        await api.append(user, id, { rows: [] }),
        await api.addRow(user, id),
        await api.patchRow(user, id, 1, { data: {} }),
        await api.deleteRow(user, id, 1),
        await api.addColumn(user, id, { name: "X" }),
        await api.deleteColumn(user, id, "X"),
        await api.changes(user, id, new Date().toISOString()),
      ]) {
        expect(res.status, `${id}: ${res.text}`).toBe(404);
      }
    }
  });

  it("deletes a file with its rows", async () => {
    const user = await newUser("csv-delete");
    const keep = await importFile(user, prospects(1), { fileName: "keep.csv" });
    const file = await importFile(user, prospects(3), { fileName: "gone.csv" });
    const res = await api.remove(user, file._id);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ msg: "CSV file deleted" });
    expect((await api.get(user, file._id)).status).toBe(404);
    expect((await api.remove(user, file._id)).status).toBe(404);
    expect((await api.changes(user, file._id, new Date(0).toISOString())).status).toBe(404);
    expect(ids((await api.list(user)).json)).toEqual([keep._id]);
    expect(await storedRows(file._id)).toEqual([]);
  });

  it("answers 401 on every route without a session", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const who of [null, { id: "", email: "", headers: { "x-auth-token": "not-a-session" } }]) {
      for (const res of [
        await api.import(who, { fileName: "a.csv", rows: [] }),
        await api.list(who),
        await api.recent(who),
        await api.get(who, id),
        await api.remove(who, id),
        await api.update(who, { id, rows: [] }),
        await api.append(who, id, { rows: [] }),
        await api.addRow(who, id),
        await api.patchRow(who, id, 1, { data: {} }),
        await api.deleteRow(who, id, 1),
        await api.addColumn(who, id, { name: "X" }),
        await api.deleteColumn(who, id, "X"),
        await api.changes(who, id, new Date().toISOString()),
      ]) {
        expect(res.status, res.text).toBe(401);
        // No credentials at all vs. credentials that do not resolve to a session.
        expect(res.json.msg).toBe(who ? "Authentication failed" : "Authentication required");
      }
    }
  });
});
