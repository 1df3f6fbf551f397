import { describe, expect, it } from "vitest";
import { hasMalformedCredential, isPlausibleToken, MAX_TOKEN_LENGTH } from "@/lib/auth/credential-shape";

describe("isPlausibleToken", () => {
  it("accepts the tokens the app issues: session tokens, signed cookies (percent-encoded), API keys", () => {
    expect(isPlausibleToken("Vx3k9QpL2mN8rT4yB6cD1fG7hJ0kL5sA")).toBe(true);
    expect(isPlausibleToken("Vx3k9QpL2mN8rT4yB6cD1fG7hJ0kL5sA.abc%2Bdef%2Fghi%3D")).toBe(true);
    expect(isPlausibleToken(`cm_live_${"A-_b".repeat(10)}xyz`)).toBe(true);
    expect(isPlausibleToken("a".repeat(MAX_TOKEN_LENGTH))).toBe(true);
  });

  it("refuses NUL and control characters, raw or percent-encoded", () => {
    for (const value of ["\u0000", "a\u0000b", "%00", "abc%00", "a\u0001b", "%0A", "a\tb", "%7F"])
      expect(isPlausibleToken(value), JSON.stringify(value)).toBe(false);
  });

  it("refuses lone surrogates, undecodable escapes, bytes above 0x7f, spaces, empty and over-long values", () => {
    for (const value of [
      "\ud800",
      "%ED%A0%80",
      "%ff",
      "%",
      "%E0%A4%A",
      "\u00ff",
      "é",
      "a b",
      "",
      "a".repeat(MAX_TOKEN_LENGTH + 1),
    ])
      expect(isPlausibleToken(value), JSON.stringify(value).slice(0, 40)).toBe(false);
  });
});

describe("hasMalformedCredential", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("judges x-auth-token, Bearer and the session cookie; no credential is not malformed", () => {
    expect(hasMalformedCredential(h({}))).toBe(false);
    expect(hasMalformedCredential(h({ "x-auth-token": "abc123" }))).toBe(false);
    expect(hasMalformedCredential(h({ "x-auth-token": "%00" }))).toBe(true);
    expect(hasMalformedCredential(h({ authorization: "Bearer abc123" }))).toBe(false);
    expect(hasMalformedCredential(h({ authorization: "Bearer %00" }))).toBe(true);
    expect(hasMalformedCredential(h({ authorization: "Bearer" }))).toBe(true);
    expect(hasMalformedCredential(h({ authorization: "Bearer a b" }))).toBe(true);
    expect(hasMalformedCredential(h({ cookie: "better-auth.session_token=abc.def%3D" }))).toBe(false);
    expect(hasMalformedCredential(h({ cookie: "__Secure-better-auth.session_token=%00" }))).toBe(true);
    expect(hasMalformedCredential(h({ cookie: "theme=dark; better-auth.session_token=%ff" }))).toBe(true);
  });

  it("leaves other Authorization schemes and other cookies alone (a password-protected proxy's Basic)", () => {
    expect(hasMalformedCredential(h({ authorization: "Basic dXNlcjpwYXNz" }))).toBe(false);
    expect(hasMalformedCredential(h({ cookie: "other=%E0%A4%A; better-auth.session_token=abc" }))).toBe(false);
  });
});
