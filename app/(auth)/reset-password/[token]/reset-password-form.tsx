"use client";

import { useWatch } from "react-hook-form";
import { AuthCard } from "@/components/auth/auth-card";
import { failureMessage } from "@/components/auth/failure-message";
import { AuthForm } from "@/components/auth/auth-form";
import { FormAlert, FormErrorAlert } from "@/components/auth/form-alert";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useRedirectAfter } from "@/components/auth/use-redirect-after";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";
import { Spinner } from "@/components/ui/spinner";
import { useResetPassword } from "@/lib/client/queries/auth";
import { useResetTokenValid } from "@/lib/client/queries/auth-reads";
import { RESET_PASSWORD_MESSAGE_ORDER, resetPasswordFormSchema } from "@/lib/services/auth/schemas";

export function ResetPasswordForm({ token }: { token: string }) {
  const tokenCheck = useResetTokenValid(token);
  const reset = useResetPassword(token);
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: "", confirm: "" },
    messageOrder: RESET_PASSWORD_MESSAGE_ORDER,
  });
  const password = useWatch({ control: form.control, name: "password" });

  // Spec: after success, /login after 3 seconds.
  useRedirectAfter(reset.isSuccess, "/login");

  const onSubmit = form.handleSubmit(
    ({ password }) =>
      reset.mutate(password, {
        onError: (err) =>
          form.setServerError(
            failureMessage(err, "Failed to reset password", "Failed to reset password. Please try again."),
          ),
      }),
    () => reset.reset(),
  );

  // The link is used up by the reset itself: the success stays on screen until the redirect.
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <FormAlert kind="success">
          Your password has been reset successfully! Redirecting you to login in 3 seconds...
        </FormAlert>
      </AuthCard>
    );
  }
  if (tokenCheck.isPending) {
    return (
      <AuthCard title="Reset your password">
        <div className="flex flex-col items-center gap-3 py-4 text-sm text-muted-foreground">
          <Spinner className="size-8 text-primary" aria-label="Checking your reset link..." />
          Checking your reset link...
        </div>
      </AuthCard>
    );
  }
  if (!tokenCheck.data) {
    return (
      <AuthCard title="Invalid or Expired Link" description="This password reset link is invalid or has expired.">
        <Button asChild className="w-full">
          <RouterLink href="/forgot-password">Request a new link</RouterLink>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account.">
      <AuthForm
        onSubmit={onSubmit}
        alert={<FormErrorAlert id={form.errorId} message={form.formError} />}
        busy={reset.isPending}
        submitLabel="Reset Password"
        busyLabel="Resetting..."
      >
        <NewPasswordFields
          password={password}
          bind={form.bind}
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
        />
      </AuthForm>
    </AuthCard>
  );
}
