import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tickets, users } from "@/lib/db/schema";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { newUser, type TestUser } from "../support/ai";
import { adminApi, createTicket, insertUser, myTicket, newAdmin, ok, uniqueTag } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";

let admin: Awaited<ReturnType<typeof newAdmin>>;
let owner: TestUser;
const tag = uniqueTag("Tix");
/** alpha (low), beta (high), gamma (medium by default), created in that order. */
const ids: Record<"alpha" | "beta" | "gamma", string> = { alpha: "", beta: "", gamma: "" };

const list = async (query: Record<string, string | number>) => ok(await adminApi.tickets(admin.headers, query));
const subjects = (json: { tickets: { subject: string }[] }) =>
  json.tickets.map((t) => t.subject.replace(`${tag} `, ""));

beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin("Tickets Admin");
  owner = await newUser("adm-tix-owner");
  ids.alpha = (
    await createTicket(owner, { subject: `${tag} alpha`, message: "The alpha problem", priority: "low" })
  )._id;
  ids.beta = (await createTicket(owner, { subject: `${tag} beta`, message: "The beta problem", priority: "high" }))._id;
  ids.gamma = (await createTicket(owner, { subject: `${tag} gamma`, message: "The gamma problem" }))._id;
  ok(await adminApi.updateTicket(admin.headers, ids.beta, { status: "resolved" }));
});
afterAll(closeDatabase);

describe("GET /api/admin/tickets", () => {
  it("lists every user's tickets, newest first, with their owner", async () => {
    const res = await list({ search: tag });
    expect(res.pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1 });
    expect(subjects(res)).toEqual(["gamma", "beta", "alpha"]);
    expect(res.tickets[0]).toMatchObject({
      _id: ids.gamma,
      message: "The gamma problem",
      priority: "medium",
      status: "open",
      user: { _id: owner.id, name: "Test User", email: owner.email },
      responses: [],
    });
    for (const key of ["createdAt", "updatedAt"]) expect(res.tickets[0][key]).toEqual(expect.any(String));
  });

  it("filters by status, priority and search (subject, message, user e-mail)", async () => {
    expect(subjects(await list({ search: tag, status: "open" }))).toEqual(["gamma", "alpha"]);
    expect(subjects(await list({ search: tag, status: "resolved" }))).toEqual(["beta"]);
    expect(subjects(await list({ search: tag, status: "closed" }))).toEqual([]);
    expect(subjects(await list({ search: tag, priority: "high" }))).toEqual(["beta"]);
    expect(subjects(await list({ search: tag, priority: "low", status: "open" }))).toEqual(["alpha"]);
    expect(subjects(await list({ search: `${tag.toUpperCase()} GAMMA` }))).toEqual(["gamma"]);
    expect(subjects(await list({ search: owner.email.toUpperCase() }))).toEqual(["gamma", "beta", "alpha"]);
    expect(
      (await list({ search: "the beta PROBLEM", status: "resolved" })).tickets.map((t: { _id: string }) => t._id),
    ).toContain(ids.beta);
    expect(subjects(await list({ search: tag, status: "", priority: "" }))).toHaveLength(3);
  });

  it("pages with page and limit", async () => {
    const first = await list({ search: tag, limit: 2 });
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(subjects(first)).toEqual(["gamma", "beta"]);
    const second = await list({ search: tag, limit: 2, page: 2 });
    expect(subjects(second)).toEqual(["alpha"]);
  });

  it.each([
    ["status", "pending"],
    ["priority", "urgent"],
    ["page", "0"],
    ["limit", "101"],
  ])("answers 400 for %s=%s", async (key, value) => {
    const res = await adminApi.tickets(admin.headers, { [key]: value });
    expect(res.status).toBe(400);
    expect(res.json.msg).toEqual(expect.any(String));
  });

  it("shows user null for a ticket whose account was deleted", async () => {
    const orphanTag = uniqueTag("Orphan");
    const gone = await insertUser({ name: `${orphanTag} Gone` });
    const [row] = await db
      .insert(tickets)
      .values({ userId: gone.id, subject: `${orphanTag} lost`, message: "m" })
      .returning();
    expect(ok(await adminApi.ticket(admin.headers, row!.id)).user).toMatchObject({ _id: gone.id });
    await db.delete(users).where(eq(users.id, gone.id));
    const [listed] = (await list({ search: orphanTag })).tickets;
    expect(listed).toMatchObject({ _id: row!.id, user: null });
    expect(ok(await adminApi.ticket(admin.headers, row!.id)).user).toBeNull();
    // It can still be answered (nobody to e-mail).
    const updated = ok(
      await adminApi.updateTicket(admin.headers, row!.id, { status: "closed", response: "Closing: account deleted" }),
    );
    expect(updated).toMatchObject({ status: "closed", user: null });
  });
});

describe("GET /api/admin/tickets/{id}", () => {
  it("shows any user's ticket; 404 for unknown or malformed ids", async () => {
    expect(ok(await adminApi.ticket(admin.headers, ids.alpha))).toMatchObject({
      _id: ids.alpha,
      subject: `${tag} alpha`,
      priority: "low",
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-ticket"]) {
      const res = await adminApi.ticket(admin.headers, id);
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ msg: "Ticket not found", code: "not_found" });
    }
  });
});

describe("PUT /api/admin/tickets/{id}", () => {
  const mailsAbout = async (id: string) =>
    (await listOutbox(owner.email)).filter((m) => m.text.includes(`http://localhost:3000/help/tickets/${id}`));

  it("sets the status and adds an admin response in one save, and e-mails the owner a link", async () => {
    const updated = ok(
      await adminApi.updateTicket(admin.headers, ids.gamma, {
        status: "in-progress",
        response: "We are looking into it.",
      }),
    );
    expect(updated).toMatchObject({ _id: ids.gamma, status: "in-progress" });
    expect(updated.responses).toEqual([
      {
        message: "We are looking into it.",
        responder: "admin",
        createdAt: expect.any(String),
        timestamp: expect.any(String),
      },
    ]);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.createdAt));

    // The owner sees it in their own view.
    const mine = ok(await myTicket(owner, ids.gamma));
    expect(mine.status).toBe("in-progress");
    expect(mine.responses).toEqual([
      expect.objectContaining({ message: "We are looking into it.", responder: "admin" }),
    ]);

    const mails = await mailsAbout(ids.gamma);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toContain(`${tag} gamma`);
    expect(mails[0]!.text).toContain("We are looking into it.");
    expect(mails[0]!.text).toContain("in-progress");
    expect(mails[0]!.html).toContain(`http://localhost:3000/help/tickets/${ids.gamma}`);
  });

  it("a response alone keeps the status", async () => {
    const before = ok(await adminApi.ticket(admin.headers, ids.alpha));
    const updated = ok(await adminApi.updateTicket(admin.headers, ids.alpha, { response: "Only a note" }));
    expect(updated.status).toBe(before.status);
    expect(updated.responses.map((r: { message: string; responder: string }) => [r.responder, r.message])).toEqual([
      ...before.responses.map((r: { message: string; responder: string }) => [r.responder, r.message]),
      ["admin", "Only a note"],
    ]);
  });

  it("allows any of the four statuses, in any order, and mails each change", async () => {
    const id = (await createTicket(owner, { subject: `${tag} statuses`, message: "m" }))._id;
    for (const status of ["closed", "resolved", "in-progress", "open", "resolved"]) {
      expect(ok(await adminApi.updateTicket(admin.headers, id, { status })).status, status).toBe(status);
      expect(ok(await adminApi.ticket(admin.headers, id)).status).toBe(status);
    }
    const mails = await mailsAbout(id);
    expect(mails).toHaveLength(5);
    expect(mails[0]!.text).toContain("resolved");
    expect(ok(await myTicket(owner, id)).responses).toEqual([]);
  });

  it("refuses an unknown status, an empty update and a blank response", async () => {
    const before = ok(await adminApi.ticket(admin.headers, ids.alpha));
    const mailsBefore = (await mailsAbout(ids.alpha)).length;
    const cases: [unknown, string | RegExp][] = [
      [{ status: "pending" }, "Status must be open, in-progress, resolved or closed"],
      [{ status: "Open", response: "hi" }, "Status must be open, in-progress, resolved or closed"],
      [{}, "Choose a status or write a response"],
      [{ response: "   " }, "Choose a status or write a response"],
      [{ response: "x".repeat(5001) }, /at most 5000/],
    ];
    for (const [body, msg] of cases) {
      const res = await adminApi.updateTicket(admin.headers, ids.alpha, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json.msg).toMatch(msg);
    }
    const after = ok(await adminApi.ticket(admin.headers, ids.alpha));
    expect(after.status).toBe(before.status);
    expect(after.responses).toHaveLength(before.responses.length);
    expect(await mailsAbout(ids.alpha)).toHaveLength(mailsBefore);
  });

  it("answers 404 for an unknown ticket", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await adminApi.updateTicket(admin.headers, id, { status: "closed" });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ msg: "Ticket not found", code: "not_found" });
    }
  });
});
