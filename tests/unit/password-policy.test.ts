import { describe, expect, it } from "vitest";
import { PASSWORD_RULES, passwordProblem, passwordSchema, passwordStrength } from "@/lib/services/auth/password-policy";

describe("password rules", () => {
  it("are checked in the product's order with the product's messages", () => {
    expect(PASSWORD_RULES.map((r) => r.message)).toEqual([
      "Password must be at least 8 characters long",
      "Password must contain at least one lowercase letter",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
  });

  it.each([
    ["", "Password must be at least 8 characters long"],
    // Too short wins even when other rules fail too.
    ["A1!", "Password must be at least 8 characters long"],
    ["ABCDEFG1!", "Password must contain at least one lowercase letter"],
    ["abcdefgh", "Password must contain at least one uppercase letter"],
    ["Abcdefgh!", "Password must contain at least one number"],
    ["Abcdefg1", "Password must contain at least one special character"],
    ["Abcdefg1 ", "Password must contain at least one special character"],
  ])("reports the first failing rule for %j", (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each(["Abcdefg1!", "Str0ng!Passw0rd", 'xY9"long', "aB3{}|<>", "Zz0(),.?:"])("accepts %j", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it("accepts every listed special character and nothing else as special", () => {
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(passwordProblem(`Abcdefg1${c}`)).toBeNull();
    for (const c of ["-", "_", "+", "=", "~", "/", "[", "]", " "]) {
      expect(passwordProblem(`Abcdefg1${c}`)).toBe("Password must contain at least one special character");
    }
  });
});

describe("passwordStrength", () => {
  it.each([
    ["", 0, "Weak"],
    ["a", 1, "Weak"],
    ["aA", 2, "Weak"],
    ["abcdefgh", 2, "Weak"],
    ["aA1", 3, "Medium"],
    ["abcdefgH", 3, "Medium"],
    ["aA1!", 4, "Medium"],
    ["abcdefG1", 4, "Medium"],
    ["abcdeG1!", 5, "Strong"],
  ] as const)("%j satisfies %i criteria: %s", (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });
});

describe("passwordSchema", () => {
  it("fails with the first rule's message", () => {
    const result = passwordSchema.safeParse("abcdefgh");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Password must contain at least one uppercase letter");
  });

  it("rejects passwords longer than 128 characters", () => {
    const result = passwordSchema.safeParse(`Aa1!${"x".repeat(125)}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Password must be at most 128 characters long");
    expect(passwordSchema.safeParse(`Aa1!${"x".repeat(124)}`).success).toBe(true);
  });
});
