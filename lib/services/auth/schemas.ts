import * as z from "zod/mini";
import { INVALID_TEXT_MESSAGE, isStorableText } from "@/lib/validation/storable-text";
import { EMAIL_REQUIRED, FILL_IN_ALL_FIELDS, PASSWORDS_DO_NOT_MATCH } from "./messages";
import { passwordSchema } from "./password-policy";
import { PASSWORD_RULES } from "./password-policy";

/*
 * The auth bodies, parsed by the routes and by the auth screens' forms. Written with zod/mini: the
 * same zod schemas and messages (zod/mini is zod's tree-shakable API over the same core), so the
 * sign-in and registration pages do not load zod's full API.
 */

const FILL = FILL_IN_ALL_FIELDS;

/** `safeString` of lib/validation/strings.ts: NUL or an unpaired surrogate is refused (400). */
const safeString = (error: string) =>
  z.string({ error }).check(z.refine(isStorableText, { message: INVALID_TEXT_MESSAGE, abort: true }));

const requiredText = (max: number, tooLong: string) =>
  safeString(FILL).check(z.trim(), z.minLength(1, FILL), z.maxLength(max, tooLong));

const emailField = (missing: string) =>
  z.pipe(
    z.pipe(
      safeString(missing).check(z.trim(), z.minLength(1, missing), z.maxLength(254, "Email address is too long")),
      z.email("Please enter a valid email address"),
    ),
    z.transform((e: string) => e.toLowerCase()),
  );

/** Filled in (the product's "Please fill in all fields"), then the password rules. */
const newPassword = () => z.pipe(z.string({ error: FILL }).check(z.minLength(1, FILL)), passwordSchema);

export const registerSchema = z.object({
  name: requiredText(100, "Name must be at most 100 characters"),
  email: emailField(FILL),
  password: newPassword(),
});

export const loginSchema = z.object({
  email: emailField(FILL),
  password: z.string({ error: FILL }).check(z.minLength(1, FILL), z.maxLength(128, "Invalid email or password")),
});

export const emailOnlySchema = z.object({ email: emailField(EMAIL_REQUIRED) });

export const resetPasswordSchema = z.object({ password: newPassword() });

/*
 * Client-form variants (the screens parse with these through `useZodForm`): the server's schema
 * plus the client-only Confirm Password rule, and the order the product checks the messages in.
 */
/**
 * Confirm Password: filled in, and equal to the password (checked even when other fields fail, so the order decides).
 */
const confirmField = z.string({ error: FILL }).check(z.minLength(1, FILL));
const passwordsMatch = (v: { password: string; confirm: string }) => v.password === v.confirm;
const matchOptions = {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ["confirm"],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirm?: unknown } | undefined;
    return typeof value?.password === "string" && typeof value.confirm === "string";
  },
};

const MIN_LENGTH = PASSWORD_RULES[0].message;
const OTHER_PASSWORD_RULES = PASSWORD_RULES.slice(1).map((rule) => rule.message);

/** Register screen: the server's fields plus Confirm Password. */
export const registerFormSchema = z
  .extend(registerSchema, { confirm: confirmField })
  .check(z.refine(passwordsMatch, matchOptions));
/** Spec §5: all four fields, the match, then the password rules in their order (the rest after). */
export const REGISTER_MESSAGE_ORDER = [FILL, PASSWORDS_DO_NOT_MATCH, MIN_LENGTH, ...OTHER_PASSWORD_RULES] as const;

/** Reset password screen: New Password (the server's rules) plus Confirm New Password. */
export const resetPasswordFormSchema = z
  .extend(resetPasswordSchema, { confirm: confirmField })
  .check(z.refine(passwordsMatch, matchOptions));
/** Spec §5: both fields, at least 8 characters, the match; the server's other rules after. */
export const RESET_PASSWORD_MESSAGE_ORDER = [
  FILL,
  MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  ...OTHER_PASSWORD_RULES,
] as const;
