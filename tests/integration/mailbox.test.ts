import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as mailboxGET } from "@/app/api/dev/mailbox/route";
import { POST as registerPOST } from "@/app/api/auth/register/route";
import { resetEnvForTests } from "@/lib/env";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

const mailbox = (query = "") => callRoute(mailboxGET, { url: `/api/dev/mailbox${query}` });

describe("GET /api/dev/mailbox", () => {
  const alice = uniqueEmail("alice");
  const bob = uniqueEmail("bob");

  beforeAll(async () => {
    for (const email of [alice, bob]) {
      const res = await callRoute(registerPOST, {
        method: "POST",
        url: "/api/auth/register",
        body: { name: "M", email, password: STRONG_PASSWORD },
      });
      expect(res.status).toBe(201);
    }
    // The third mail must be newer than the first two: wait until the clock has moved on.
    const mark = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(mark), { interval: 1 });
    // Registering the same address again mails "you already have an account".
    const again = await callRoute(registerPOST, {
      method: "POST",
      url: "/api/auth/register",
      body: { name: "M", email: alice, password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(201);
  });

  it("lists the messages for one address, newest first", async () => {
    const res = await mailbox(`?to=${encodeURIComponent(alice)}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json).toHaveLength(2);
    for (const mail of res.json) {
      expect(Object.keys(mail).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
      expect(mail.to).toBe(alice);
      expect(mail.html).toContain("<html");
      expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);
    }
    const [newest, older] = res.json;
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(Date.parse(older.createdAt));
    // Registering an unverified address again re-sends the verification link.
    for (const mail of [newest, older]) {
      expect(mail.subject).toMatch(/verify/i);
      expect(mail.text).toContain("http://localhost:3000/verify-email/");
    }
  });

  it("matches the address case-insensitively and never returns other recipients", async () => {
    const res = await mailbox(`?to=${encodeURIComponent(bob.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0].to).toBe(bob);
    expect((await mailbox(`?to=${encodeURIComponent(uniqueEmail("nobody"))}`)).json).toEqual([]);
  });

  it("without ?to lists everything newest first", async () => {
    const res = await mailbox();
    expect(res.status).toBe(200);
    const times = res.json.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.json.some((m: { to: string }) => m.to === bob)).toBe(true);
  });

  it("is 404 when mail goes through Resend", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { MAIL_DRIVER: "resend", RESEND_API_KEY: "re_test", MAIL_FROM: "T <t@example.test>" });
    resetEnvForTests();
    try {
      const res = await mailbox(`?to=${encodeURIComponent(alice)}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ msg: "Not found", code: "not_found" });
    } finally {
      for (const key of ["MAIL_DRIVER", "RESEND_API_KEY", "MAIL_FROM"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvForTests();
    }
  });
});
