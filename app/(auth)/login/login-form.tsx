"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { api, ApiError, messageOf } from "@/lib/client/api";
import type { SessionUser } from "@/lib/client/types";

export function LoginForm() {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendResult, setResendResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError("");
    setUnverified(false);
    setResendResult(null);
    if (!email.trim() || !password) {
      setError("Please fill in all fields");
      return;
    }
    setBusy(true);
    try {
      const { user } = await api<{ token: string; user: SessionUser }>("/api/auth/login", {
        body: { email, password },
        allow401: true,
      });
      router.replace(user.isAdmin ? "/admin" : "/dashboard");
      router.refresh();
    } catch (err) {
      if (err instanceof ApiError && err.data.requiresVerification) setUnverified(true);
      setError(err instanceof ApiError ? messageOf(err, "Login failed") : "Login failed. Please try again.");
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    setResendResult(null);
    try {
      await api("/api/auth/resend-verification", { body: { email } });
      setResendResult({ kind: "success", text: "Verification email resent successfully! Please check your inbox." });
    } catch (err) {
      setResendResult({
        kind: "error",
        text: err instanceof ApiError ? messageOf(err, "Failed to resend verification email") : "Failed to resend verification email. Please try again.",
      });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard title="Sign in to your account" description="Welcome back! Enter your details to continue.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {error && !unverified ? <FormAlert kind="error">{error}</FormAlert> : null}
        {unverified ? (
          <div className="space-y-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm" role="alert">
            <p className="font-semibold">Email not verified</p>
            <p>{error}</p>
            <Button type="button" variant="outline" size="sm" onClick={resend} disabled={resending}>
              {resending ? "Sending..." : "Resend Verification Email"}
            </Button>
          </div>
        ) : null}
        {resendResult ? <FormAlert kind={resendResult.kind}>{resendResult.text}</FormAlert> : null}
        <FormField label="Email address" id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField label="Password" id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex justify-end text-sm">
          <Link href="/forgot-password" className="text-primary underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{" "}
          <Link href="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            Create one
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
