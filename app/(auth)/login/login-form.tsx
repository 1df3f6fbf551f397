"use client";

import { useRouter } from "next/navigation";
import { AuthForm, AuthSwitchLink } from "@/components/auth/auth-form";
import { FormAlert, FormErrorAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";
import { ApiError, messageOf } from "@/lib/client/api";
import { useLogin, useResendVerification } from "@/lib/client/queries/auth";
import { FILL_IN_ALL_FIELDS } from "@/lib/services/auth/messages";
import type { loginSchema } from "@/lib/services/auth/schemas";

const FILL = FILL_IN_ALL_FIELDS;
// The schema (and zod) load on the first submit: the sign-in page's first paint carries neither.
const loadSchema = () => import("@/lib/services/auth/schemas").then((m): typeof loginSchema => m.loginSchema);

/** The sign-in form; the page renders the card around it on the server. */
export function LoginForm() {
  const router = useRouter();
  const form = useZodForm(loadSchema, { defaultValues: { email: "", password: "" }, messageOrder: [FILL] });
  const login = useLogin();
  const resend = useResendVerification();
  const unverified = login.error instanceof ApiError && login.error.data.requiresVerification === true;

  const onSubmit = form.handleSubmit(
    (values) => {
      resend.reset();
      login.mutate(values, {
        onSuccess: ({ user }) => {
          router.replace(user.isAdmin ? "/admin" : "/dashboard");
          router.refresh();
        },
        onError: (err) =>
          form.setServerError(
            err instanceof ApiError ? messageOf(err, "Login failed") : "Login failed. Please try again.",
          ),
      });
    },
    () => {
      login.reset();
      resend.reset();
    },
  );

  // A wrong-format address or over-long password is the server's "invalid credentials", not a form rule.
  const shown =
    form.formError && form.formError !== FILL && !login.isError ? "Invalid email or password" : form.formError;
  const resendResult = resend.isSuccess
    ? { kind: "success" as const, text: "Verification email resent successfully! Please check your inbox." }
    : resend.isError
      ? {
          kind: "error" as const,
          text:
            resend.error instanceof ApiError
              ? messageOf(resend.error, "Failed to resend verification email")
              : "Failed to resend verification email. Please try again.",
        }
      : null;
  const busy = login.isPending || login.isSuccess;

  return (
    <AuthForm
      onSubmit={onSubmit}
      alert={
        <>
          <FormErrorAlert id={form.errorId} message={unverified ? "" : shown} />
          {unverified ? (
            <div
              className="space-y-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
              role="alert"
              id={form.errorId}
            >
              <p className="font-semibold">Email not verified</p>
              <p>{shown}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => resend.mutate(form.getValues("email"))}
                disabled={resend.isPending}
              >
                {resend.isPending ? "Sending..." : "Resend Verification Email"}
              </Button>
            </div>
          ) : null}
          {resendResult ? <FormAlert kind={resendResult.kind}>{resendResult.text}</FormAlert> : null}
        </>
      }
      busy={busy}
      submitLabel="Sign in"
      busyLabel="Signing in..."
      footer={
        <AuthSwitchLink question="Don't have an account?" href="/register">
          Create one
        </AuthSwitchLink>
      }
    >
      <FormField label="Email address" id="email" type="email" autoComplete="email" {...form.bind("email")} />
      <FormField
        label="Password"
        id="password"
        type="password"
        autoComplete="current-password"
        {...form.bind("password")}
      />
      <div className="flex justify-end text-sm">
        <RouterLink href="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </RouterLink>
      </div>
    </AuthForm>
  );
}
