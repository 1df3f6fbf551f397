import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { adminUpdateTicket } from "@/lib/services/tickets/admin-tickets";
import { newUser, type TestUser } from "../support/ai";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { getTicket, listTickets, newTicket, replyToTicket, setTicketStatus } from "../support/tickets";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TRANSITION_MSG = "You can close an open or in-progress ticket, or reopen a closed one.";

/** An account with the isAdmin flag, to stand in as the responder of admin updates. */
async function newAdmin(): Promise<TestUser> {
  const admin = await newUser("tix-admin");
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}

const ticketMails = async (email: string) =>
  (await listOutbox(email)).filter((m) => m.subject.startsWith("Update on your support ticket"));

describe("POST /api/tickets/{id}/reply", () => {
  it("appends the user's reply, trimmed, labelled responder 'user', and bumps updatedAt", async () => {
    const user = await newUser("tix-reply");
    const ticket = await newTicket(user);
    const res = await replyToTicket(user, ticket._id, { message: "  Here is a screenshot.  " });
    expect(res.status, res.text).toBe(200);
    expect(res.json.responses).toHaveLength(1);
    expect(res.json.responses[0]).toMatchObject({ message: "Here is a screenshot.", responder: "user" });
    expect(res.json.responses[0].createdAt).toMatch(ISO);
    expect(res.json.status).toBe("open");
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));

    const second = await replyToTicket(user, ticket._id, { message: "And another detail." });
    expect(second.json.responses.map((r: { message: string }) => r.message)).toEqual([
      "Here is a screenshot.",
      "And another detail.",
    ]);
    expect((await getTicket(user, ticket._id)).json).toEqual(second.json);
  });

  it.each([
    ["missing", {}],
    ["empty", { message: "" }],
    ["blank", { message: " \n\t " }],
    ["not a string", { message: 7 }],
  ])("rejects a %s reply with 400 'Please enter a reply message'", async (_label, body) => {
    const user = await newUser("tix-reply-blank");
    const ticket = await newTicket(user);
    const res = await replyToTicket(user, ticket._id, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg: "Please enter a reply message", code: "invalid_input" });
    expect((await getTicket(user, ticket._id)).json.responses).toEqual([]);
  });

  it("rejects a reply longer than 5000 characters and malformed JSON", async () => {
    const user = await newUser("tix-reply-long");
    const ticket = await newTicket(user);
    const long = await replyToTicket(user, ticket._id, { message: "r".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.json.msg).toBe("The reply must be at most 5000 characters");
    const malformed = await replyToTicket(user, ticket._id, "{oops");
    expect(malformed.status).toBe(400);
    expect(malformed.json.msg).toBe("Malformed JSON in request body");
    expect((await replyToTicket(user, ticket._id, { message: "r".repeat(5000) })).status).toBe(200);
  });
});

describe("PUT /api/tickets/{id} (status)", () => {
  it("closes an open ticket and reopens it; a closed ticket takes no reply", async () => {
    const user = await newUser("tix-close");
    const ticket = await newTicket(user);

    const closed = await setTicketStatus(user, ticket._id, { status: "closed" });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({ _id: ticket._id, status: "closed" });
    expect(Date.parse(closed.json.updatedAt)).toBeGreaterThan(Date.parse(ticket.updatedAt));

    const reply = await replyToTicket(user, ticket._id, { message: "One more thing" });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ msg: "This ticket is closed. Reopen it to add a reply.", code: "invalid_input" });
    expect((await getTicket(user, ticket._id)).json.responses).toEqual([]);

    const again = await setTicketStatus(user, ticket._id, { status: "closed" });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ msg: TRANSITION_MSG, code: "invalid_input" });

    const reopened = await setTicketStatus(user, ticket._id, { status: "open" });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.json.status).toBe("open");
    expect((await replyToTicket(user, ticket._id, { message: "One more thing" })).status).toBe(200);
  });

  it.each([
    ["open", "resolved"],
    ["open", "in-progress"],
    ["open", "open"],
  ])("refuses %s -> %s with 400", async (_from, to) => {
    const user = await newUser("tix-refuse");
    const ticket = await newTicket(user);
    const res = await setTicketStatus(user, ticket._id, { status: to });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg: TRANSITION_MSG, code: "invalid_input" });
    expect((await getTicket(user, ticket._id)).json).toEqual(ticket);
  });

  it("refuses closed -> resolved / in-progress, and rejects unknown or missing statuses", async () => {
    const user = await newUser("tix-refuse-closed");
    const ticket = await newTicket(user);
    await setTicketStatus(user, ticket._id, { status: "closed" });
    for (const status of ["resolved", "in-progress"]) {
      const res = await setTicketStatus(user, ticket._id, { status });
      expect(res.status, status).toBe(400);
      expect(res.json).toEqual({ msg: TRANSITION_MSG, code: "invalid_input" });
    }
    for (const body of [{ status: "done" }, {}, { status: null }]) {
      const res = await setTicketStatus(user, ticket._id, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ msg: "Status must be open, in-progress, resolved or closed", code: "invalid_input" });
    }
    expect((await setTicketStatus(user, ticket._id, "{not json")).status).toBe(400);
    expect((await getTicket(user, ticket._id)).json.status).toBe("closed");
  });
});

describe("adminUpdateTicket (service) as seen by the user", () => {
  it("adds an admin response and a status in one save, and e-mails the owner a link to the ticket", async () => {
    const admin = await newAdmin();
    const user = await newUser("tix-admin-reply");
    const ticket = await newTicket(user, { subject: "Export to Zapier fails" });
    await replyToTicket(user, ticket._id, { message: "It says 401." });

    const updated = await adminUpdateTicket(admin.id, ticket._id, { status: "in-progress", response: "We are on it" });
    expect(updated).toMatchObject({ _id: ticket._id, status: "in-progress" });

    const seen = await getTicket(user, ticket._id);
    expect(seen.status).toBe(200);
    expect(seen.json.status).toBe("in-progress");
    expect(seen.json.responses.map((r: { message: string; responder: string }) => [r.responder, r.message])).toEqual([
      ["user", "It says 401."],
      ["admin", "We are on it"],
    ]);
    expect(seen.json.responses[1].createdAt).toMatch(ISO);
    expect((await listTickets(user)).json[0]).toMatchObject({ _id: ticket._id, status: "in-progress" });

    const mails = await ticketMails(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(`Update on your support ticket #${ticket._id.slice(-6)}: Export to Zapier fails`);
    expect(mail.text).toContain(`http://localhost:3000/help/tickets/${ticket._id}`);
    expect(mail.text).toContain("We are on it");
    expect(mail.text).toContain("Status: in-progress.");
    expect(mail.html).toContain(`http://localhost:3000/help/tickets/${ticket._id}`);
    // Only the owner is written to.
    expect(await ticketMails(admin.email)).toEqual([]);
  });

  it("notifies on a status-only change, and not when nothing changes", async () => {
    const admin = await newAdmin();
    const user = await newUser("tix-admin-status");
    const ticket = await newTicket(user, { subject: "Refund please" });

    const resolved = await adminUpdateTicket(admin.id, ticket._id, { status: "resolved" });
    expect(resolved.status).toBe("resolved");
    expect(resolved.responses).toEqual([]);
    const mails = await ticketMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://localhost:3000/help/tickets/${ticket._id}`);
    expect(mails[0]!.text).toContain("Status: resolved.");
    expect((await getTicket(user, ticket._id)).json).toMatchObject({ status: "resolved", responses: [] });

    // Same status, blank response: nothing saved, nothing to tell, "Last Update" unchanged.
    const unchanged = await adminUpdateTicket(admin.id, ticket._id, { status: "resolved", response: "   " });
    expect(unchanged).toEqual(resolved);
    expect(await ticketMails(user.email)).toHaveLength(1);
    expect((await getTicket(user, ticket._id)).json).toEqual(resolved);

    // A response without a status change keeps the status and notifies.
    await adminUpdateTicket(admin.id, ticket._id, { response: "Refund issued." });
    expect(await ticketMails(user.email)).toHaveLength(2);
    expect((await getTicket(user, ticket._id)).json).toMatchObject({
      status: "resolved",
      responses: [{ responder: "admin", message: "Refund issued." }],
    });
  });

  it("lets the user close a ticket the admin set in-progress, and reopen it to open", async () => {
    const admin = await newAdmin();
    const user = await newUser("tix-admin-close");
    const ticket = await newTicket(user);
    await adminUpdateTicket(admin.id, ticket._id, { status: "in-progress" });

    const closed = await setTicketStatus(user, ticket._id, { status: "closed" });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.status).toBe("closed");
    const reopened = await setTicketStatus(user, ticket._id, { status: "open" });
    expect(reopened.json.status).toBe("open");
  });

  // Whether a user may close a *resolved* ticket is left open here: the detail page offers
  // "Close Ticket" on it but the API refuses (see the report); only the reply is pinned down.
  it("a user can still reply to a resolved ticket, which stays resolved", async () => {
    const admin = await newAdmin();
    const user = await newUser("tix-admin-resolved");
    const ticket = await newTicket(user);
    await adminUpdateTicket(admin.id, ticket._id, { status: "resolved" });
    const reply = await replyToTicket(user, ticket._id, { message: "Thanks!" });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe("resolved");
    expect(reply.json.responses.map((r: { responder: string }) => r.responder)).toEqual(["user"]);
  });

  it("escapes the subject and the response in the HTML part of the e-mail", async () => {
    const admin = await newAdmin();
    const user = await newUser("tix-admin-html");
    const ticket = await newTicket(user, { subject: "<img src=x onerror=alert(1)>" });
    await adminUpdateTicket(admin.id, ticket._id, { response: 'Use <b>bold</b> & "quotes"' });
    const [mail] = await ticketMails(user.email);
    expect(mail!.html).not.toContain("<img src=x");
    expect(mail!.html).not.toContain("<b>bold</b>");
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail!.html).toContain("Use &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;");
    expect(mail!.text).toContain('Use <b>bold</b> & "quotes"');
  });

  it("answers 404 for an unknown or malformed ticket id", async () => {
    const admin = await newAdmin();
    await expect(adminUpdateTicket(admin.id, "nope", { status: "closed" })).rejects.toMatchObject({
      status: 404,
      msg: "Ticket not found",
    });
    await expect(
      adminUpdateTicket(admin.id, "00000000-0000-4000-8000-000000000000", { status: "closed" }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
