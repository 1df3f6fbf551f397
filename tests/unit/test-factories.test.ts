import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { STRONG_PASSWORD, STRONG_PASSWORD_HASH } from "../support/factories";

describe("the test users' pre-computed password hash", () => {
  it("is Better Auth's hash of STRONG_PASSWORD (users inserted with it sign in through the real login)", async () => {
    expect(await verifyPassword({ hash: STRONG_PASSWORD_HASH, password: STRONG_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: STRONG_PASSWORD_HASH, password: `${STRONG_PASSWORD}x` })).toBe(false);
  });
});
