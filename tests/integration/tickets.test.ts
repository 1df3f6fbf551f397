import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import {
  createTicketCall,
  getTicket,
  listTickets,
  newTicket,
  replyToTicket,
  setTicketStatus,
} from "../support/tickets";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("POST /api/tickets", () => {
  it("creates an open ticket and answers 201 with the ticket shape", async () => {
    const user = await newUser("tix-create");
    const before = Date.now();
    const res = await createTicketCall(user, {
      subject: "Billing question",
      message: "Was I charged twice?",
      priority: "high",
    });
    expect(res.status, res.text).toBe(201);
    const t = res.json;
    expect(t).toMatchObject({
      subject: "Billing question",
      message: "Was I charged twice?",
      priority: "high",
      status: "open",
      user: { name: "Test User", email: user.email },
      responses: [],
    });
    expect(t._id).toMatch(UUID);
    expect(t.createdAt).toMatch(ISO);
    expect(t.updatedAt).toMatch(ISO);
    expect(Date.parse(t.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(t.createdAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(t.updatedAt).toBe(t.createdAt);
    // What was stored is what GET returns.
    expect((await getTicket(user, t._id)).json).toEqual(t);
  });

  it("trims subject and message and defaults the priority to medium", async () => {
    const user = await newUser("tix-trim");
    const res = await createTicketCall(user, { subject: "  Padded subject \n", message: "\t Padded message  " });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      subject: "Padded subject",
      message: "Padded message",
      priority: "medium",
      status: "open",
    });
  });

  it("accepts each of the priorities low, medium and high", async () => {
    const user = await newUser("tix-prio");
    for (const priority of ["low", "medium", "high"]) {
      const res = await createTicketCall(user, { subject: `Priority ${priority}`, message: "m", priority });
      expect(res.status, res.text).toBe(201);
      expect(res.json.priority).toBe(priority);
    }
  });

  it.each([
    ["a missing subject", { message: "Body" }, "Please enter a subject for your ticket"],
    ["an empty subject", { subject: "", message: "Body" }, "Please enter a subject for your ticket"],
    ["a blank subject", { subject: "   \n\t", message: "Body" }, "Please enter a subject for your ticket"],
    ["a non-string subject", { subject: 42, message: "Body" }, "Please enter a subject for your ticket"],
    ["a missing message", { subject: "Subject" }, "Please enter a message describing your issue"],
    ["a blank message", { subject: "Subject", message: "   " }, "Please enter a message describing your issue"],
    [
      "an unknown priority",
      { subject: "Subject", message: "Body", priority: "urgent" },
      "Priority must be low, medium or high",
    ],
    [
      "an upper-case priority",
      { subject: "Subject", message: "Body", priority: "HIGH" },
      "Priority must be low, medium or high",
    ],
  ])("rejects %s with 400 and a message", async (_label, body, msg) => {
    const user = await newUser("tix-invalid");
    const res = await createTicketCall(user, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ msg, code: "invalid_input" });
    expect((await listTickets(user)).json).toEqual([]);
  });

  it("enforces 200 characters for the subject and 5000 for the message (after trimming)", async () => {
    const user = await newUser("tix-limits");
    const longSubject = await createTicketCall(user, { subject: "s".repeat(201), message: "Body" });
    expect(longSubject.status).toBe(400);
    expect(longSubject.json.msg).toBe("The subject must be at most 200 characters");
    const longMessage = await createTicketCall(user, { subject: "Subject", message: "m".repeat(5001) });
    expect(longMessage.status).toBe(400);
    expect(longMessage.json.msg).toBe("The message must be at most 5000 characters");
    expect((await listTickets(user)).json).toEqual([]);

    const atLimit = await createTicketCall(user, { subject: ` ${"s".repeat(200)} `, message: ` ${"m".repeat(5000)} ` });
    expect(atLimit.status, atLimit.text).toBe(201);
    expect(atLimit.json.subject).toHaveLength(200);
    expect(atLimit.json.message).toHaveLength(5000);
  });

  it("answers malformed JSON and a non-object body with 400", async () => {
    const user = await newUser("tix-json");
    const malformed = await createTicketCall(user, '{"subject": "x", ');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ msg: "Malformed JSON in request body", code: "invalid_input" });
    for (const body of ["null", "[]", '"text"']) {
      const res = await createTicketCall(user, body);
      expect(res.status, body).toBe(400);
      expect(typeof res.json.msg).toBe("string");
    }
    const empty = await createTicketCall(user, "");
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe("Please enter a subject for your ticket");
    expect((await listTickets(user)).json).toEqual([]);
  });
});

describe("GET /api/tickets and /api/tickets/{id}", () => {
  it("lists only the caller's tickets, most recently updated first", async () => {
    const alice = await newUser("tix-list-a");
    const bob = await newUser("tix-list-b");
    expect((await listTickets(alice)).json).toEqual([]);

    const first = await newTicket(alice, { subject: "First" });
    const second = await newTicket(alice, { subject: "Second" });
    const third = await newTicket(alice, { subject: "Third" });
    await newTicket(bob, { subject: "Bob's" });

    let list = await listTickets(alice);
    expect(list.status).toBe(200);
    expect(list.json.map((t: { subject: string }) => t.subject)).toEqual(["Third", "Second", "First"]);
    expect(list.json.every((t: { user: { email: string } }) => t.user.email === alice.email)).toBe(true);

    // A reply bumps the ticket to the top; so does a status change.
    expect((await replyToTicket(alice, first._id, { message: "Any news?" })).status).toBe(200);
    list = await listTickets(alice);
    expect(list.json.map((t: { _id: string }) => t._id)).toEqual([first._id, third._id, second._id]);
    expect(Date.parse(list.json[0].updatedAt)).toBeGreaterThan(Date.parse(list.json[0].createdAt));
    expect(list.json[0].responses).toHaveLength(1);

    expect((await setTicketStatus(alice, second._id, { status: "closed" })).status).toBe(200);
    list = await listTickets(alice);
    expect(list.json.map((t: { _id: string }) => t._id)).toEqual([second._id, first._id, third._id]);

    const bobs = (await listTickets(bob)).json;
    expect(bobs.map((t: { subject: string }) => t.subject)).toEqual(["Bob's"]);
  });

  it("gets one of the caller's tickets by id", async () => {
    const user = await newUser("tix-get");
    const created = await newTicket(user, { subject: "Look me up", priority: "low" });
    const res = await getTicket(user, created._id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      _id: created._id,
      subject: "Look me up",
      priority: "low",
      status: "open",
      responses: [],
    });
    // Upper-case UUIDs are the same id.
    const upper = await getTicket(user, created._id.toUpperCase());
    expect(upper.status).toBe(200);
    expect(upper.json._id).toBe(created._id);
  });

  it("answers 404 for another user's ticket on GET, reply and PUT, and changes nothing", async () => {
    const owner = await newUser("tix-owner");
    const intruder = await newUser("tix-intruder");
    const ticket = await newTicket(owner);

    const get = await getTicket(intruder, ticket._id);
    expect(get.status).toBe(404);
    expect(get.json).toEqual({ msg: "Ticket not found", code: "not_found" });
    const reply = await replyToTicket(intruder, ticket._id, { message: "Hijack" });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ msg: "Ticket not found", code: "not_found" });
    const put = await setTicketStatus(intruder, ticket._id, { status: "closed" });
    expect(put.status).toBe(404);
    expect(put.json).toEqual({ msg: "Ticket not found", code: "not_found" });

    const after = (await getTicket(owner, ticket._id)).json;
    expect(after).toEqual(ticket);
  });

  it("answers 404 for a non-UUID id and for an unknown UUID", async () => {
    const user = await newUser("tix-404");
    for (const id of ["not-a-uuid", "123", "'; drop table tickets; --", MISSING_ID]) {
      for (const res of [
        await getTicket(user, id),
        await replyToTicket(user, id, { message: "Hi" }),
        await setTicketStatus(user, id, { status: "closed" }),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.json).toEqual({ msg: "Ticket not found", code: "not_found" });
      }
    }
  });
});

describe("authentication", () => {
  it("answers 401 without a session on every tickets route", async () => {
    const user = await newUser("tix-401");
    const ticket = await newTicket(user);
    const anonymous = [
      await listTickets(null),
      await createTicketCall(null, { subject: "s", message: "m" }),
      await getTicket(null, ticket._id),
      await setTicketStatus(null, ticket._id, { status: "closed" }),
      await replyToTicket(null, ticket._id, { message: "m" }),
    ];
    for (const res of anonymous) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ msg: "Authentication required", code: "unauthenticated" });
    }
    const forged = await listTickets({ ...user, headers: { "x-auth-token": "forged.token.value" } });
    expect(forged.status).toBe(401);
    expect((await getTicket(user, ticket._id)).json).toEqual(ticket);
  });
});
