"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiError, messageOf } from "@/lib/client/api";

const REDIRECT_MS = 3000;

type State = { kind: "verifying" } | { kind: "success" } | { kind: "error"; message: string };

export function VerifyEmailView({ token }: { token: string }) {
  const router = useRouter();
  const [state, setState] = useState<State>(token ? { kind: "verifying" } : { kind: "error", message: "No verification token provided" });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api(`/api/auth/verify-email/${encodeURIComponent(token)}`, { allow401: true })
      .then(() => setState({ kind: "success" }))
      .catch((err) =>
        setState({
          kind: "error",
          message: err instanceof ApiError ? messageOf(err, "The verification link may be invalid or expired. Please try again.") : "Verification failed. Please try again.",
        }),
      );
  }, [token]);

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(() => {
      router.replace("/dashboard");
      router.refresh();
    }, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, router]);

  if (state.kind === "verifying") {
    return (
      <AuthCard title="Verifying your email...">
        <div className="flex justify-center py-4">
          <Spinner className="size-8 text-primary" aria-label="Verifying your email..." />
        </div>
      </AuthCard>
    );
  }
  if (state.kind === "success") {
    return (
      <AuthCard title="Email verified successfully!">
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
          <p className="text-sm text-muted-foreground">Your account is ready. Redirecting you to your dashboard in 3 seconds...</p>
          <Button className="w-full" onClick={() => { router.replace("/dashboard"); router.refresh(); }}>
            Go to Dashboard Now
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verification failed">
      <div className="space-y-4 text-center">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
        <p className="text-sm text-muted-foreground" role="alert">{state.message}</p>
        <Button asChild variant="outline" className="w-full">
          <Link href="/login">Back to Login</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
