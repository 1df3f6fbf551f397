"use client";

import { useWatch } from "react-hook-form";
import { AuthCard } from "@/components/auth/auth-card";
import { failureMessage } from "@/components/auth/failure-message";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { PasswordStrength } from "@/components/auth/password-strength";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";
import { useRegister } from "@/lib/client/queries/auth";
import { REGISTER_MESSAGE_ORDER, registerFormSchema } from "@/lib/services/auth/schemas";

export function RegisterForm() {
  const form = useZodForm(registerFormSchema, {
    defaultValues: { name: "", email: "", password: "", confirm: "" },
    messageOrder: REGISTER_MESSAGE_ORDER,
  });
  const registration = useRegister();
  const password = useWatch({ control: form.control, name: "password" });

  const onSubmit = form.handleSubmit(
    ({ name, email, password }) =>
      registration.mutate(
        { name, email, password },
        {
          onError: (err) =>
            form.setServerError(failureMessage(err, "Registration failed", "Registration failed. Please try again.")),
        },
      ),
    () => registration.reset(),
  );

  if (registration.isSuccess) {
    // The address as the user typed it (the request carries it lower-cased).
    const registeredEmail = form.getValues("email").trim();
    return (
      <AuthCard title="Registration successful!">
        <div className="space-y-4 text-center">
          <p className="text-sm text-muted-foreground">
            We&apos;ve sent a verification email to <strong className="text-foreground">{registeredEmail}</strong>.
            Please check your inbox and click the link to verify your account.
          </p>
          <Button asChild className="w-full">
            <RouterLink href="/login">Go to login</RouterLink>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" description="Start your 3-day free trial with 100 email credits per day.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {form.formError ? (
          <FormAlert kind="error" id={form.errorId}>
            {form.formError}
          </FormAlert>
        ) : null}
        <FormField label="Full Name" id="name" autoComplete="name" {...form.register("name")} {...form.field("name")} />
        <FormField
          label="Email address"
          id="email"
          type="email"
          autoComplete="email"
          {...form.register("email")}
          {...form.field("email")}
        />
        <FormField
          label="Password"
          id="password"
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
          {...form.field("password")}
        />
        <PasswordStrength password={password} />
        <FormField
          label="Confirm Password"
          id="confirm"
          type="password"
          autoComplete="new-password"
          {...form.register("confirm")}
          {...form.field("confirm")}
        />
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending ? "Creating account..." : "Create Account"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <RouterLink href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </RouterLink>
        </p>
      </form>
    </AuthCard>
  );
}
