"use client";

import { AuthCard } from "@/components/auth/auth-card";
import { AuthForm } from "@/components/auth/auth-form";
import { FormAlert, FormErrorAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { useZodForm } from "@/components/forms/use-zod-form";
import { RouterLink } from "@/components/ui/router-link";
import { ApiError } from "@/lib/client/api";
import { useForgotPassword } from "@/lib/client/queries/auth";
import { EMAIL_REQUIRED } from "@/lib/services/auth/messages";
import type { emailOnlySchema } from "@/lib/services/auth/schemas";

// The schema (and zod) load on the first submit.
const loadSchema = () => import("@/lib/services/auth/schemas").then((m): typeof emailOnlySchema => m.emailOnlySchema);

const NEUTRAL = "If your email is in our system, you will receive a password reset link shortly.";
const UNVERIFIED = "Your email is not verified. Please verify your email first.";

export function ForgotPasswordForm() {
  const form = useZodForm(loadSchema, { defaultValues: { email: "" }, messageOrder: [EMAIL_REQUIRED] });
  const forgot = useForgotPassword();

  const onSubmit = form.handleSubmit(
    ({ email }) =>
      forgot.mutate(email, {
        // Spec §8: only an unverified account is told so; any other failure gets the neutral answer.
        onError: (err) => {
          if (err instanceof ApiError && err.data.requiresVerification === true) form.setServerError(UNVERIFIED);
        },
      }),
    () => forgot.reset(),
  );

  // A malformed address gets the server's answer for it: the neutral message (no account enumeration).
  const missing = form.formError === EMAIL_REQUIRED;
  const neutral =
    (form.formError !== "" && !missing && form.formError !== UNVERIFIED) ||
    forgot.isSuccess ||
    (forgot.isError && !form.formError);

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email address and we'll send you a link to reset your password."
    >
      <AuthForm
        onSubmit={onSubmit}
        alert={
          neutral ? (
            <FormAlert kind="success">{NEUTRAL}</FormAlert>
          ) : (
            <FormErrorAlert id={form.errorId} message={form.formError} />
          )
        }
        busy={forgot.isPending}
        submitLabel="Send reset link"
        busyLabel="Sending..."
        footer={
          <p className="text-center text-sm">
            <RouterLink href="/login" className="text-primary underline-offset-4 hover:underline">
              Back to login
            </RouterLink>
          </p>
        }
      >
        <FormField
          label="Email address"
          id="email"
          type="email"
          autoComplete="email"
          {...(neutral ? form.register("email") : form.bind("email"))}
        />
      </AuthForm>
    </AuthCard>
  );
}
