"use client";

import { useWatch } from "react-hook-form";
import { AuthCard } from "@/components/auth/auth-card";
import { failureMessage } from "@/components/auth/failure-message";
import { FormErrorAlert } from "@/components/auth/form-alert";
import { AuthForm, AuthSwitchLink } from "@/components/auth/auth-form";
import { FormField } from "@/components/auth/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
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
      <AuthForm
        onSubmit={onSubmit}
        alert={<FormErrorAlert id={form.errorId} message={form.formError} />}
        busy={registration.isPending}
        submitLabel="Create Account"
        busyLabel="Creating account..."
        footer={
          <AuthSwitchLink question="Already have an account?" href="/login">
            Sign in
          </AuthSwitchLink>
        }
      >
        <FormField label="Full Name" id="name" autoComplete="name" {...form.bind("name")} />
        <FormField label="Email address" id="email" type="email" autoComplete="email" {...form.bind("email")} />
        <NewPasswordFields
          password={password}
          bind={form.bind}
          passwordLabel="Password"
          confirmLabel="Confirm Password"
        />
      </AuthForm>
    </AuthCard>
  );
}
