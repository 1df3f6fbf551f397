"use client";

import Link from "next/link";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { api, ApiError } from "@/lib/client/api";

const NEUTRAL = "If your email is in our system, you will receive a password reset link shortly.";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setResult({ kind: "error", text: "Please enter your email address" });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await api("/api/auth/forgot-password", { body: { email: email.trim() } });
      setResult({ kind: "success", text: NEUTRAL });
    } catch (err) {
      if (err instanceof ApiError && err.data.requiresVerification) {
        setResult({ kind: "error", text: "Your email is not verified. Please verify your email first." });
      } else {
        setResult({ kind: "success", text: NEUTRAL });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter your email address and we'll send you a link to reset your password.">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {result ? <FormAlert kind={result.kind}>{result.text}</FormAlert> : null}
        <FormField label="Email address" id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
        <p className="text-center text-sm">
          <Link href="/login" className="text-primary underline-offset-4 hover:underline">
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
