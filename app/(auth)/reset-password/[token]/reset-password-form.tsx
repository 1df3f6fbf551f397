"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { AuthCard } from "@/components/auth/auth-card";
import { failureMessage } from "@/components/auth/failure-message";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { PasswordStrength } from "@/components/auth/password-strength";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";
import { Spinner } from "@/components/ui/spinner";
import { useResetPassword } from "@/lib/client/queries/auth";
import { useResetTokenValid } from "@/lib/client/queries/auth-reads";
import { RESET_PASSWORD_MESSAGE_ORDER, resetPasswordFormSchema } from "@/lib/services/auth/schemas";

const REDIRECT_MS = 3000;

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const tokenCheck = useResetTokenValid(token);
  const reset = useResetPassword(token);
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: "", confirm: "" },
    messageOrder: RESET_PASSWORD_MESSAGE_ORDER,
  });
  const password = useWatch({ control: form.control, name: "password" });

  // Spec: after success, /login after 3 seconds (a timer, not a fetch).
  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => router.replace("/login"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, router]);

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
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {form.formError ? (
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        ) : null}
        <FormField
          label="New Password"
          id="password"
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
          {...form.field("password")}
        />
        <PasswordStrength password={password} />
        <FormField
          label="Confirm New Password"
          id="confirm"
          type="password"
          autoComplete="new-password"
          {...form.register("confirm")}
          {...form.field("confirm")}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
