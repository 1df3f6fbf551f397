import * as z from "zod/mini";

/** The register screen's password rules, in the order the product checks them. */
export const PASSWORD_RULES = [
  {
    test: (p: string) => p.length >= 8,
    message: "Password must be at least 8 characters long",
    label: "At least 8 characters",
  },
  {
    test: (p: string) => /[a-z]/.test(p),
    message: "Password must contain at least one lowercase letter",
    label: "One lowercase letter",
  },
  {
    test: (p: string) => /[A-Z]/.test(p),
    message: "Password must contain at least one uppercase letter",
    label: "One uppercase letter",
  },
  { test: (p: string) => /[0-9]/.test(p), message: "Password must contain at least one number", label: "One number" },
  {
    test: (p: string) => /[!@#$%^&*(),.?":{}|<>]/.test(p),
    message: "Password must contain at least one special character",
    label: 'One special character (!@#$%^&*(),.?":{}|<>)',
  },
] as const;

/** First failing rule's message, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message ?? null;
}

export type PasswordStrength = "Weak" | "Medium" | "Strong";

/** 0-2 satisfied criteria: Weak, 3-4: Medium, 5: Strong. */
export function passwordStrength(password: string): { score: number; label: PasswordStrength } {
  const score = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  return { score, label: score <= 2 ? "Weak" : score <= 4 ? "Medium" : "Strong" };
}

/** zod/mini (a real zod schema, shared by the route and the screens without loading zod's full API). */
export const passwordSchema = z.string().check(
  z.maxLength(128, "Password must be at most 128 characters long"),
  z.superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
);
