import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as meGET } from "@/app/api/auth/me/route";
import { POST as signOutPOST } from "@/app/api/auth/sign-out/route";
import { POST as webhookPOST } from "@/app/api/stripe/webhook/route";
import { GET as ticketsGET, POST as ticketsPOST } from "@/app/api/tickets/route";
import { CROSS_SITE_MESSAGE, JSON_ONLY_MESSAGE } from "@/lib/http/csrf";
import { closeDatabase, setupTestDatabase } from "../support/db";
import { STRONG_PASSWORD, uniqueEmail } from "../support/factories";
import { callRoute, cookieHeader, loginAs, registerAndVerify } from "../support/http";

beforeAll(setupTestDatabase);
afterAll(closeDatabase);

/** APP_URL in the tests (lib/env default). */
const APP_ORIGIN = "http://localhost:3000";
const ticket = { subject: "CSRF check", message: "Is this request mine?", priority: "low" };

let cookie: string;
let token: string;

beforeAll(async () => {
  const email = uniqueEmail("csrf");
  await registerAndVerify(email, STRONG_PASSWORD);
  const login = await loginAs(email, STRONG_PASSWORD);
  cookie = cookieHeader(login.headers);
  token = login.json.token;
  expect(cookie).toMatch(/session_token=/);
});

const createTicket = (headers: Record<string, string>, body: unknown = ticket) =>
  callRoute(ticketsPOST, { method: "POST", url: "/api/tickets", body, headers });
const myTickets = async () =>
  (await callRoute(ticketsGET, { url: "/api/tickets", headers: { "x-auth-token": token } })).json as unknown[];

describe("cookie-authenticated state-changing requests must come from the app's origin", () => {
  it("refuses a cookie request with neither Origin nor Sec-Fetch-Site: 403 {msg, code: forbidden}, and does nothing", async () => {
    const before = (await myTickets()).length;
    const res = await createTicket({ cookie });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ msg: CROSS_SITE_MESSAGE, code: "forbidden" });
    expect(await myTickets()).toHaveLength(before);
  });

  it("refuses a foreign Origin (and a cross-site fetch)", async () => {
    const variants: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3000.evil.example" },
      { origin: "null" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of variants) {
      const res = await createTicket({ cookie, ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json.code).toBe("forbidden");
    }
  });

  it("accepts the app's own Origin or Sec-Fetch-Site: same-origin", async () => {
    expect((await createTicket({ cookie, origin: APP_ORIGIN })).status).toBe(201);
    expect((await createTicket({ cookie, "sec-fetch-site": "same-origin" })).status).toBe(201);
  });

  it("covers every state-changing method, also without a body; reads stay open", async () => {
    const signOut = await callRoute(signOutPOST, { method: "POST", url: "/api/auth/sign-out", headers: { cookie } });
    expect(signOut.status).toBe(403);
    expect((await callRoute(meGET, { url: "/api/auth/me", headers: { cookie } })).status).toBe(200);
  });

  it("exempts token clients (x-auth-token or Bearer), whatever their Origin", async () => {
    expect((await createTicket({ "x-auth-token": token })).status).toBe(201);
    expect((await createTicket({ authorization: `Bearer ${token}`, origin: "https://evil.example" })).status).toBe(201);
    expect((await createTicket({ "x-auth-token": token, cookie })).status).toBe(201);
  });
});

describe("JSON routes accept only application/json bodies", () => {
  it("refuses other content types with 400 {msg, code: invalid_input}, signed in or anonymous", async () => {
    const before = (await myTickets()).length;
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain;charset=UTF-8",
    ]) {
      const res = await createTicket({ cookie, origin: APP_ORIGIN, "content-type": type }, JSON.stringify(ticket));
      expect(res.status, type).toBe(400);
      expect(res.json).toEqual({ msg: JSON_ONLY_MESSAGE, code: "invalid_input" });
    }
    expect(await myTickets()).toHaveLength(before);
    // A cross-site form could log a visitor in to the attacker's account: refused too.
    const login = await loginAs("someone@example.test", STRONG_PASSWORD, { "content-type": "text/plain" });
    expect(login.status).toBe(400);
    expect((login.json as { code?: string }).code).toBe("invalid_input");
  });

  it("accepts application/json with parameters and +json types", async () => {
    expect(
      (await createTicket({ cookie, origin: APP_ORIGIN, "content-type": "application/json; charset=utf-8" })).status,
    ).toBe(201);
    expect(
      (await createTicket({ cookie, origin: APP_ORIGIN, "content-type": "application/merge-patch+json" })).status,
    ).toBe(201);
  });

  it("exempts token clients and the signature-verified Stripe webhook", async () => {
    expect(
      (await createTicket({ "x-auth-token": token, "content-type": "text/plain" }, JSON.stringify(ticket))).status,
    ).toBe(201);
    const hook = await callRoute(webhookPOST, {
      method: "POST",
      url: "/api/stripe/webhook",
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(hook.json.msg).not.toBe(JSON_ONLY_MESSAGE);
  });
});
