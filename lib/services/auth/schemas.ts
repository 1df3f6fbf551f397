import { z } from "zod";
import { passwordSchema } from "./password-policy";

const FILL = "Please fill in all fields";

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: FILL }).trim().min(1, FILL).max(max, tooLong);

const emailField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address"))
    .transform((e) => e.toLowerCase());

export const registerSchema = z.object({
  name: requiredText(100, "Name must be at most 100 characters"),
  email: emailField(FILL),
  password: z.string({ error: FILL }).min(1, FILL).pipe(passwordSchema),
});

export const loginSchema = z.object({
  email: emailField(FILL),
  password: z.string({ error: FILL }).min(1, FILL).max(128, "Invalid email or password"),
});

export const emailOnlySchema = z.object({ email: emailField("Please enter your email address") });

export const resetPasswordSchema = z.object({
  password: z.string({ error: FILL }).min(1, FILL).pipe(passwordSchema),
});
