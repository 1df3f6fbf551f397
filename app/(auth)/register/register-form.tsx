"use client";

import Link from "next/link";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { PasswordStrength } from "@/components/auth/password-strength";
import { Button } from "@/components/ui/button";
import { api, ApiError, messageOf } from "@/lib/client/api";
import { passwordProblem } from "@/lib/services/auth/password-policy";

/** Client-side checks in the spec's order: all fields, match, then the password rules. */
function validate(form: { name: string; email: string; password: string; confirm: string }): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirm) return "Please fill in all fields";
  if (form.password !== form.confirm) return "Passwords do not match";
  return passwordProblem(form.password);
}

export function RegisterForm() {
  const [form, setForm] = useState({ name: "", email: "", password: "", confirm: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = validate(form);
    setError(problem ?? "");
    if (problem) return;
    setBusy(true);
    try {
      await api("/api/auth/register", { body: { name: form.name.trim(), email: form.email.trim(), password: form.password } });
      setRegisteredEmail(form.email.trim());
    } catch (err) {
      setError(err instanceof ApiError ? messageOf(err, "Registration failed") : "Registration failed. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (registeredEmail) {
    return (
      <AuthCard title="Registration successful!">
        <div className="space-y-4 text-center">
          <p className="text-sm text-muted-foreground">
            We&apos;ve sent a verification email to <strong className="text-foreground">{registeredEmail}</strong>. Please check your
            inbox and click the link to verify your account.
          </p>
          <Button asChild className="w-full">
            <Link href="/login">Go to login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" description="Start your 3-day free trial with 100 email credits per day.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <FormField label="Full Name" id="name" autoComplete="name" value={form.name} onChange={set("name")} />
        <FormField label="Email address" id="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
        <FormField label="Password" id="password" type="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
        <PasswordStrength password={form.password} />
        <FormField label="Confirm Password" id="confirm" type="password" autoComplete="new-password" value={form.confirm} onChange={set("confirm")} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create Account"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
