/**
 * Issue 17 items 2 and 9, endpoint by endpoint: the reviewer's 500s (NUL, unpaired surrogates,
 * out-of-range dates, `%00` in queries and paths, an empty update) are 400 `{msg, code}` — or
 * cleaned where a user expects it (cells, headers and names of an imported CSV file) — and bodies
 * are capped per route while streaming (413).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as mailboxGET } from "@/app/api/dev/mailbox/route";
import { PUT as configPUT } from "@/app/api/ai/config/route";
import { GET as promosGET } from "@/app/api/admin/promo-codes/route";
import { GET as adminTicketsGET } from "@/app/api/admin/tickets/route";
import { GET as usersGET } from "@/app/api/admin/users/route";
import { POST as connectionsPOST } from "@/app/api/ai/connections/route";
import { POST as templatesPOST } from "@/app/api/ai/templates/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { POST as importPOST } from "@/app/api/csv/import/route";
import { GET as adminUserGET } from "@/app/api/admin/users/[id]/route";
import { POST as ticketsPOST } from "@/app/api/tickets/route";
import { adminApi, newAdmin } from "../support/admin";
import { newUser, type TestUser } from "../support/ai";
import { checkout, insertPromo, validatePromo } from "../support/billing";
import { csvApi, importFile } from "../support/csv";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { uniqueEmail } from "../support/factories";
import { callRoute, type CallResult } from "../support/http";
import { newTicket, replyToTicket } from "../support/tickets";

let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin();
  user = await newUser("hostile");
});
afterAll(closeDatabase);

const INVALID = /not allowed \(NUL or an unpaired surrogate\)/;

function expectInvalid(res: CallResult, msg: string | RegExp = INVALID) {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe("invalid_input");
  if (typeof msg === "string") expect(res.json.msg).toBe(msg);
  else expect(res.json.msg).toMatch(msg);
}

describe("text the database cannot store is a 400", () => {
  it("validate-promo and checkout promoCode (anonymous)", async () => {
    for (const code of ["SAVE\u0000", "\ud800", "A\udfffB"]) {
      expectInvalid(await validatePromo(code));
      expectInvalid(await checkout({ planId: "lifetime", promoCode: code }));
    }
  });

  it("register name", async () => {
    const res = await callRoute(registerPOST, {
      method: "POST",
      url: "/api/auth/register",
      body: { name: "Ann\u0000", email: uniqueEmail("nul"), password: "Str0ng!Passw0rd" },
    });
    expectInvalid(res, /^name: Text contains/);
  });

  it("tickets and replies", async () => {
    const post = (body: unknown) =>
      callRoute(ticketsPOST, { method: "POST", url: "/api/tickets", headers: user.headers, body });
    expectInvalid(await post({ subject: "Help\u0000", message: "x", priority: "low" }), /^subject: /);
    expectInvalid(await post({ subject: "Help", message: "x\ud800", priority: "low" }), /^message: /);
    const ticket = await newTicket(user);
    expectInvalid(await replyToTicket(user, ticket._id, { message: "reply\u0000" }));
  });

  it("templates, AI config and connections", async () => {
    const template = (body: unknown) =>
      callRoute(templatesPOST, { method: "POST", url: "/api/ai/templates", headers: user.headers, body });
    expectInvalid(await template({ name: "T\u0000" }), /^name: /);
    expectInvalid(
      await template({ name: "T", jsonSchema: { type: "object", properties: { "a\u0000": { type: "string" } } } }),
    );
    const config = (body: unknown) =>
      callRoute(configPUT, { method: "PUT", url: "/api/ai/config", headers: user.headers, body });
    expectInvalid(await config({ prompt: "Hi\u0000" }), /^prompt: /);
    expectInvalid(await config({ onlyRunIf: "\ud800" }));
    expectInvalid(await config({ jsonSchema: { type: "object", properties: { x: { description: "\u0000" } } } }));
    const connection = (body: unknown) =>
      callRoute(connectionsPOST, { method: "POST", url: "/api/ai/connections", headers: user.headers, body });
    expectInvalid(await connection({ name: "K\u0000", provider: "OpenAI", apiKey: "sk-valid-1" }), /^name: /);
    expectInvalid(await connection({ name: "K", provider: "OpenAI", apiKey: "sk-valid-\u0000" }), /^apiKey: /);
  });

  it("admin ticket response, admin searches", async () => {
    const ticket = await newTicket(user);
    expectInvalid(await adminApi.updateTicket(admin.headers, ticket._id, { response: "Done\u0000" }), /^response: /);
    for (const list of [adminApi.users, adminApi.tickets, adminApi.promos]) {
      expectInvalid(await list(admin.headers, { search: "\u0000" }), /^search: /);
    }
    // `%ff` decodes to U+FFFD: harmless text, searched for as it is
    for (const [handler, path] of [
      [usersGET, "users"],
      [adminTicketsGET, "tickets"],
      [promosGET, "promo-codes"],
    ] as const) {
      const res = await callRoute(handler, { url: `/api/admin/${path}?search=%ff&page=1`, headers: admin.headers });
      expect(res.status, res.text).toBe(200);
      expectInvalid(
        await callRoute(handler, { url: `/api/admin/${path}?search=a%00b`, headers: admin.headers }),
        /^search: /,
      );
    }
  });

  it("the outbox query", async () => {
    const res = await callRoute(mailboxGET, { url: "/api/dev/mailbox?to=%00" });
    expect([400, 404]).toContain(res.status);
    expect(res.json.code).toMatch(/invalid_input|not_found/);
  });
});

describe("dates and empty updates", () => {
  it("promo expiresAt out of range or impossible is a 400 (create and update)", async () => {
    const promo = await insertPromo();
    for (const expiresAt of ["10000-01-01", "+275760-09-13T00:00:00.000Z", "2024-13-45", "99999999999999", "\u0000"]) {
      expectInvalid(
        await adminApi.createPromo(admin.headers, {
          code: `X${Date.now()}`,
          discountPercentage: 10,
          maxUses: 1,
          expiresAt,
        }),
        "Expiry date is not a valid date",
      );
      expectInvalid(
        await adminApi.updatePromo(admin.headers, promo.id, { expiresAt }),
        "Expiry date is not a valid date",
      );
    }
  });

  it("PUT /api/admin/promo-codes/{id} with no field is a 400", async () => {
    const promo = await insertPromo();
    expectInvalid(
      await adminApi.updatePromo(admin.headers, promo.id, {}),
      "Nothing to update: send at least one field",
    );
    expect((await adminApi.updatePromo(admin.headers, promo.id, { isActive: false })).status).toBe(200);
  });

  it("csv/{id}/changes?since= with NUL, an impossible or out-of-range date is a 400", async () => {
    const file = await importFile(user, [{ Name: "Ada" }]);
    for (const since of [
      "\u0000",
      "2024-13-45",
      "10000-01-01T00:00:00Z",
      "99999999999999",
      "+275760-09-13T00:00:00.000Z",
    ]) {
      expectInvalid(await csvApi.changes(user, file._id, since), "since must be an ISO date-time");
    }
    expect((await csvApi.changes(user, file._id, new Date(Date.now() - 60_000).toISOString())).status).toBe(200);
  });
});

describe("path params", () => {
  it("a NUL, `%ff` garbage or a very long id is a 404 for a resource route", async () => {
    for (const id of ["\u0000", "%ff", "\ufffd", "x".repeat(5000), "\ud800"]) {
      const res = await csvApi.get(user, id);
      expect(res.status, res.text).toBe(404);
      expect(res.json).toEqual({ msg: "CSV file not found", code: "not_found" });
      const u = await callRoute(adminUserGET, { url: "/api/admin/users/x", headers: admin.headers, params: { id } });
      expect(u.json).toEqual({ msg: "User not found", code: "not_found" });
    }
    const file = await importFile(user, [{ Name: "Ada" }]);
    expect((await csvApi.patchRow(user, file._id, "1\u0000", { data: { Name: "x" } })).status).toBe(404);
    expect((await csvApi.patchRow(user, file._id, "99999999999999999999", { data: { Name: "x" } })).status).toBe(404);
    expect((await csvApi.deleteColumn(user, file._id, "Na\u0000me")).status).toBe(404);
  });
});

describe("CSV imports are cleaned, not refused", () => {
  it("NUL is removed and unpaired surrogates become U+FFFD in cells, headers and the file name", async () => {
    const res = await csvApi.import(user, {
      fileName: "pro\u0000spects.csv",
      columns: ["Na\u0000me", "City\ud800"],
      rows: [
        { "Na\u0000me": "A\u0000da", "City\ud800": "Lon\udc00don" },
        { "Na\u0000me": "\u0000", "City\ud800": 5 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const file = (await csvApi.get(user, res.json._id)).json;
    expect(file.fileName ?? file.name).toBe("prospects.csv");
    expect(file.columns).toEqual(["Name", "City\ufffd"]);
    expect(file.rows).toEqual([
      { Name: "Ada", "City\ufffd": "Lon\ufffddon" },
      { Name: "", "City\ufffd": "5" },
    ]);
    const appended = await csvApi.addRow(user, res.json._id, { data: { Name: "Gr\u0000ace" } });
    expect(appended.status, appended.text).toBe(201);
    const patched = await csvApi.patchRow(user, res.json._id, file.rowIds[0], {
      data: { "City\ud800": "Pa\u0000ris" },
    });
    expect(patched.status, patched.text).toBe(200);
    const column = await csvApi.addColumn(user, res.json._id, { name: "No\u0000tes" });
    expect(column.status, column.text).toBe(201);
    expect(column.json.columns).toContain("Notes");
    expectInvalid(await csvApi.addColumn(user, res.json._id, { name: "\u0000" }), "Column name cannot be empty");
    const again = (await csvApi.get(user, res.json._id)).json;
    expect(again.rows[0]).toMatchObject({ Name: "Ada", "City\ufffd": "Paris" });
    expect(again.rows[2]).toMatchObject({ Name: "Grace" });
  });
});

describe("bodies are capped per route while streaming", () => {
  const MiB = 1024 * 1024;
  /** A chunked request (no Content-Length) of `total` bytes: a JSON object whose one string fills it. */
  function streamed(url: string, total: number, headers: Record<string, string>) {
    const stats = { bytes: 0, cancelled: false };
    const chunk = new TextEncoder().encode("a".repeat(256 * 1024));
    let started = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!started) {
            started = true;
            controller.enqueue(new TextEncoder().encode('{"fileName":"big.csv","rows":[],"x":"'));
            return;
          }
          if (stats.bytes >= total) {
            controller.enqueue(new TextEncoder().encode('"}'));
            return controller.close();
          }
          stats.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          stats.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request(`http://localhost:3000${url}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
      duplex: "half",
    } as RequestInit);
    return { req, stats };
  }

  it("a chunked 2 MiB body to a 1 MiB route is a 413 {msg, code}, read no further than the cap", async () => {
    const { req, stats } = streamed("/api/tickets", 2 * MiB, user.headers);
    const res = await ticketsPOST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      msg: "Request body is too large (at most 1 MB)",
      code: "payload_too_large",
      maxBytes: MiB,
    });
    expect(stats.bytes).toBeLessThanOrEqual(MiB + 256 * 1024);
    expect(stats.cancelled).toBe(true);
  });

  it("a 40 MiB streamed body to /csv/import is a 413 at 32 MiB; a 2 MiB one is accepted", async () => {
    const big = streamed("/api/csv/import", 40 * MiB, user.headers);
    const res = await importPOST(big.req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("payload_too_large");
    expect(big.stats.bytes).toBeLessThanOrEqual(32 * MiB + 256 * 1024);
    expect(big.stats.cancelled).toBe(true);

    const rows = Array.from({ length: 2000 }, (_, i) => ({ Name: `Prospect ${i}`, Notes: "n".repeat(1000) }));
    const ok = await csvApi.import(user, { fileName: "two-mib.csv", rows });
    expect(ok.status, ok.text.slice(0, 200)).toBe(201);
  });

  it("a Content-Length over the cap is refused before reading", async () => {
    const { req, stats } = streamed("/api/tickets", 2 * MiB, { ...user.headers, "content-length": String(2 * MiB) });
    const res = await ticketsPOST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(stats.bytes).toBe(0);
  });
});
