"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { PasswordStrength } from "@/components/auth/password-strength";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiError, messageOf } from "@/lib/client/api";

const REDIRECT_MS = 3000;

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [valid, setValid] = useState<boolean | null>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    api<{ valid: boolean }>(`/api/auth/validate-reset-token/${encodeURIComponent(token)}`, { allow401: true })
      .then((r) => setValid(Boolean(r.valid)))
      .catch(() => setValid(false));
  }, [token]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.replace("/login"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setError("Please fill in all fields");
    if (password.length < 8) return setError("Password must be at least 8 characters long");
    if (password !== confirm) return setError("Passwords do not match");
    setError("");
    setBusy(true);
    try {
      await api(`/api/auth/reset-password/${encodeURIComponent(token)}`, { body: { password }, allow401: true });
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? messageOf(err, "Failed to reset password") : "Failed to reset password. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (valid === null) {
    return (
      <AuthCard title="Reset your password">
        <div className="flex flex-col items-center gap-3 py-4 text-sm text-muted-foreground">
          <Spinner className="size-8 text-primary" aria-label="Checking your reset link..." />
          Checking your reset link...
        </div>
      </AuthCard>
    );
  }
  if (!valid) {
    return (
      <AuthCard title="Invalid or Expired Link" description="This password reset link is invalid or has expired.">
        <Button asChild className="w-full">
          <Link href="/forgot-password">Request a new link</Link>
        </Button>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Password reset">
        <FormAlert kind="success">Your password has been reset successfully! Redirecting you to login in 3 seconds...</FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {error ? <FormAlert kind="error">{error}</FormAlert> : null}
        <FormField label="New Password" id="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <PasswordStrength password={password} />
        <FormField label="Confirm New Password" id="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
