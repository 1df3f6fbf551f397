"use client";

import { CheckCircle2, XCircle } from "lucide-react";
import { AuthCard } from "@/components/auth/auth-card";
import { failureMessage } from "@/components/auth/failure-message";
import { useRedirectAfter } from "@/components/auth/use-redirect-after";
import { Button } from "@/components/ui/button";
import { RouterLink } from "@/components/ui/router-link";
import { Spinner } from "@/components/ui/spinner";
import { useVerifyEmail } from "@/lib/client/queries/auth-reads";

export function VerifyEmailView({ token }: { token: string }) {
  // Runs once per token (see useVerifyEmail): a strict-mode double mount joins the same request.
  const verification = useVerifyEmail(token);
  const verified = verification.isSuccess;

  // Spec: to /dashboard by itself 3 seconds after success.
  const goToDashboard = useRedirectAfter(verified, "/dashboard", { refresh: true });

  if (token && verification.isPending) {
    return (
      <AuthCard title="Verifying your email...">
        <div className="flex justify-center py-4">
          <Spinner className="size-8 text-primary" aria-label="Verifying your email..." />
        </div>
      </AuthCard>
    );
  }
  if (verified) {
    return (
      <AuthCard title="Email verified successfully!">
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
          <p className="text-sm text-muted-foreground">
            Your account is ready. Redirecting you to your dashboard in 3 seconds...
          </p>
          <Button className="w-full" onClick={goToDashboard}>
            Go to Dashboard Now
          </Button>
        </div>
      </AuthCard>
    );
  }
  const message = token
    ? failureMessage(
        verification.error,
        "The verification link may be invalid or expired. Please try again.",
        "Verification failed. Please try again.",
      )
    : "No verification token provided";
  return (
    <AuthCard title="Verification failed">
      <div className="space-y-4 text-center">
        <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
        <p className="text-sm text-muted-foreground" role="alert">
          {message}
        </p>
        <Button asChild variant="outline" className="w-full">
          <RouterLink href="/login">Back to Login</RouterLink>
        </Button>
      </div>
    </AuthCard>
  );
}
