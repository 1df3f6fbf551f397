import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tickets, users, type UserRow } from "@/lib/db/schema";
import { GET as jobGET } from "@/app/api/jobs/[id]/route";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { runJob } from "@/lib/services/background-jobs/run-job";
import { adminApi, insertUser, newAdmin, ok, uniqueTag } from "../support/admin";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, registerAndVerify } from "../support/http";

const DAY = 86_400_000;
let admin: Awaited<ReturnType<typeof newAdmin>>;
const tag = uniqueTag("Usr");
/** Members 00..11, created a minute apart (11 is the newest). */
const members: UserRow[] = [];
const pad = (i: number) => String(i).padStart(2, "0");

/** 00-05 trial (03 expired, 04 without an end date), 06-08 lifetime, 09-11 free. */
function memberValues(i: number): Partial<UserRow> & { name: string } {
  const base = {
    name: `${tag} Member ${pad(i)}`,
    email: `${tag.toLowerCase()}-m${pad(i)}@example.test`,
    createdAt: new Date(Date.now() - (12 - i) * 60_000),
  };
  if (i <= 5)
    return {
      ...base,
      subscription: "trial",
      trialEnds: i === 3 ? new Date(Date.now() - DAY) : i === 4 ? null : new Date(Date.now() + 2 * DAY),
    };
  if (i <= 8)
    return {
      ...base,
      subscription: "lifetime",
      purchaseDate: new Date(),
      promoCodeUsed: i === 7 ? "LAUNCH20" : null,
      licenseKey: `KEY${i}`,
    };
  return { ...base, subscription: "free" };
}

const list = async (query: Record<string, string | number>) => ok(await adminApi.users(admin.headers, query));
const names = (json: { users: { name: string }[] }) => json.users.map((u) => u.name.replace(`${tag} `, ""));

beforeAll(async () => {
  await setupTestDatabase();
  admin = await newAdmin("Users Admin");
  for (let i = 0; i < 12; i++) members.push(await insertUser(memberValues(i)));
});
afterAll(closeDatabase);

describe("GET /api/admin/users", () => {
  it("pages by 10 by default, newest first, with {page, limit, total, pages}", async () => {
    const first = await list({ search: tag });
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(names(first)).toEqual([
      "Member 11",
      "Member 10",
      "Member 09",
      "Member 08",
      "Member 07",
      "Member 06",
      "Member 05",
      "Member 04",
      "Member 03",
      "Member 02",
    ]);
    const second = await list({ search: tag, page: 2 });
    expect(second.pagination).toEqual({ page: 2, limit: 10, total: 12, pages: 2 });
    expect(names(second)).toEqual(["Member 01", "Member 00"]);
    const small = await list({ search: tag, page: 3, limit: 5 });
    expect(small.pagination).toEqual({ page: 3, limit: 5, total: 12, pages: 3 });
    expect(names(small)).toEqual(["Member 01", "Member 00"]);
    expect((await list({ search: tag, page: 4, limit: 5 })).users).toEqual([]);
    // Without any query: still 10 a page.
    const plain = await list({});
    expect(plain.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(plain.users.length).toBeLessThanOrEqual(10);
    expect(plain.pagination.total).toBeGreaterThanOrEqual(13);
  });

  it("shows the admin columns and never secrets", async () => {
    const [row] = (await list({ search: `${tag} Member 07` })).users;
    expect(row).toMatchObject({
      _id: members[7]!.id,
      name: `${tag} Member 07`,
      email: `${tag.toLowerCase()}-m07@example.test`,
      subscription: "lifetime",
      trialEnds: null,
      promoCodeUsed: "LAUNCH20",
      created: members[7]!.createdAt.toISOString(),
      purchaseDate: members[7]!.purchaseDate!.toISOString(),
    });
    expect(JSON.stringify(row)).not.toMatch(/password|session|token/i);
  });

  it("searches e-mail and name, case-insensitively", async () => {
    expect(names(await list({ search: `${tag.toUpperCase()}-M07@EXAMPLE` }))).toEqual(["Member 07"]);
    expect(names(await list({ search: `${tag.toLowerCase()} member 03` }))).toEqual(["Member 03"]);
    expect(names(await list({ search: `  ${tag} MEMBER 1` }))).toEqual(["Member 11", "Member 10"]);
    expect((await list({ search: `${tag}-nobody` })).pagination).toEqual({ page: 1, limit: 10, total: 0, pages: 1 });
  });

  it("treats % and _ in the search as literal characters", async () => {
    const other = uniqueTag("Pct");
    await insertUser({ name: `${other} 50%_off` });
    await insertUser({ name: `${other} 50Xoff` });
    await insertUser({ name: `${other} a_b` });
    await insertUser({ name: `${other} acb` });
    await insertUser({ name: `${other} back\\slash` });
    await insertUser({ name: `${other} backslash` });
    const found = async (search: string) =>
      (await list({ search: `${other} ${search}` })).users.map((u: { name: string }) =>
        u.name.replace(`${other} `, ""),
      );
    expect(await found("50%_")).toEqual(["50%_off"]);
    expect(await found("50%")).toEqual(["50%_off"]);
    expect(await found("a_b")).toEqual(["a_b"]);
    expect(await found("50X")).toEqual(["50Xoff"]);
    expect(await found("back\\s")).toEqual(["back\\slash"]);
    expect(
      (await list({ search: "%" })).users.every((u: { name: string; email: string }) =>
        `${u.name}${u.email}`.includes("%"),
      ),
    ).toBe(true);
  });

  it("filters by subscription and by trial status", async () => {
    const ids = async (query: Record<string, string>) =>
      names(await list({ search: tag, limit: 100, ...query })).sort();
    expect(await ids({ subscription: "trial" })).toEqual([
      "Member 00",
      "Member 01",
      "Member 02",
      "Member 03",
      "Member 04",
      "Member 05",
    ]);
    expect(await ids({ subscription: "lifetime" })).toEqual(["Member 06", "Member 07", "Member 08"]);
    expect(await ids({ subscription: "free" })).toEqual(["Member 09", "Member 10", "Member 11"]);
    expect(await ids({ inTrial: "true" })).toEqual(["Member 00", "Member 01", "Member 02", "Member 05"]);
    expect(await ids({ inTrial: "false" })).toEqual([
      "Member 03",
      "Member 04",
      "Member 06",
      "Member 07",
      "Member 08",
      "Member 09",
      "Member 10",
      "Member 11",
    ]);
    expect(await ids({ subscription: "trial", inTrial: "false" })).toEqual(["Member 03", "Member 04"]);
    // "" is "All".
    expect((await ids({ subscription: "", inTrial: "" })).length).toBe(12);
  });

  it("a registered user is in trial until trial_ends passes", async () => {
    const realTag = uniqueTag("Real");
    const session = await registerAndVerify(uniqueEmail("adm-real"), STRONG_PASSWORD, `${realTag} Person`);
    const id = String(session.user._id);
    const inTrial = async (value: string) =>
      (await list({ search: realTag, inTrial: value })).users.map((u: { _id: string }) => u._id);
    expect(await inTrial("true")).toEqual([id]);
    expect(await inTrial("false")).toEqual([]);
    await db
      .update(users)
      .set({ trialEnds: new Date(Date.now() - 60_000) })
      .where(eq(users.id, id));
    expect(await inTrial("true")).toEqual([]);
    expect(await inTrial("false")).toEqual([id]);
    expect((await list({ search: realTag, subscription: "trial" })).users.map((u: { _id: string }) => u._id)).toEqual([
      id,
    ]);
  });

  it.each([
    ["page", "0"],
    ["page", "-1"],
    ["page", "abc"],
    ["page", "1.5"],
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "ten"],
    ["subscription", "gold"],
    ["inTrial", "maybe"],
  ])("answers 400 for %s=%s", async (key, value) => {
    const res = await adminApi.users(admin.headers, { [key]: value });
    expect(res.status).toBe(400);
    expect(res.json.msg).toEqual(expect.any(String));
  });
});

describe("GET /api/admin/users/{id}", () => {
  it("shows the user with their ticket count and payments", async () => {
    const member = members[2]!;
    await db.insert(tickets).values([
      { userId: member.id, subject: "One", message: "m" },
      { userId: member.id, subject: "Two", message: "m" },
    ]);
    const detail = ok(await adminApi.user(admin.headers, member.id));
    expect(detail).toMatchObject({
      _id: member.id,
      name: member.name,
      email: member.email,
      subscription: "trial",
      ticketCount: 2,
      payments: [],
    });
    expect(detail.trialEnds).toBe(member.trialEnds!.toISOString());
  });

  it("answers 404 for an unknown id", async () => {
    for (const id of ["u_does_not_exist", "00000000-0000-4000-8000-000000000000", "%"]) {
      const res = await adminApi.user(admin.headers, id);
      expect(res.status, id).toBe(404);
      expect(res.json).toEqual({ msg: "User not found", code: "not_found" });
    }
  });
});

describe("POST /api/admin/users/bulk-email", () => {
  const someone = () => members[9]!;
  const mailsTo = async (email: string, subject: string) =>
    (await listOutbox(email)).filter((m) => m.subject === subject);

  it.each([
    [{ message: "Body" }, "Subject is required"],
    [{ subject: "   ", message: "Body" }, "Subject is required"],
    [{ subject: "Hello" }, "Message is required"],
    [{ subject: "Hello", message: " \n " }, "Message is required"],
  ])("needs a subject and a message: %j", async (fields, msg) => {
    const res = await adminApi.bulkEmail(admin.headers, { userIds: [someone().id], ...fields });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg, code: "invalid_input" });
  });

  it("needs at least one user", async () => {
    const subject = `Nobody ${uniqueTag()}`;
    const res = await adminApi.bulkEmail(admin.headers, { userIds: [], subject, message: "Body" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ msg: "Please select at least one user.", code: "invalid_input" });
    expect((await adminApi.bulkEmail(admin.headers, { subject, message: "Body" })).status).toBe(400);
    expect(await mailsTo(someone().email, subject)).toEqual([]);
  });

  it("sends one e-mail per selected user with the subject and message; unknown ids are ignored", async () => {
    const [a, b, c] = [members[9]!, members[10]!, members[11]!];
    const subject = `News ${uniqueTag()}`;
    const message = "Big news today.\n\nSecond paragraph with details.";
    const res = await adminApi.bulkEmail(admin.headers, {
      userIds: [a.id, "u_unknown_user", b.id, a.id],
      subject,
      message,
    });
    // Sent by a background job: 202 with the job, whose status ends with the product's text.
    const started = ok(res, 202);
    expect(started).toEqual({ jobId: expect.any(String), msg: "Sending your email to 2 users.", total: 2 });
    expect(await runJob(started.jobId, { workerId: "w-admin-users" })).toBe("done");
    const job = ok(
      await callRoute(jobGET, {
        url: `/api/jobs/${started.jobId}`,
        headers: admin.headers,
        params: { id: started.jobId },
      }),
    );
    expect(job).toMatchObject({
      status: "completed",
      msg: "Your email has been sent successfully.",
      done: 2,
      failed: 0,
      failures: [],
    });
    for (const user of [a, b]) {
      const mails = await mailsTo(user.email, subject);
      expect(mails, user.email).toHaveLength(1);
      expect(mails[0]!.text).toContain("Big news today.");
      expect(mails[0]!.text).toContain("Second paragraph with details.");
      expect(mails[0]!.text).toContain(user.name);
      expect(mails[0]!.html).toContain("Big news today.");
    }
    expect(await mailsTo(c.email, subject)).toEqual([]);
  });
});
