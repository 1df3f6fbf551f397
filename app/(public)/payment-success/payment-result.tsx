"use client";

import Link from "next/link";
import { CheckCircle2, XCircle } from "lucide-react";
import { failureMessage } from "@/components/auth/failure-message";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { usePaymentVerification } from "@/lib/client/queries/billing";

/** Verifies the payment (asking again while the provider's confirmation is on its way) and shows the licence key. */
export function PaymentResult({ sessionId }: { sessionId: string | null }) {
  const payment = usePaymentVerification(sessionId);
  const licenseKey = payment.data?.status === "paid" ? payment.data.licenseKey : null;
  const failure = !sessionId
    ? "Invalid payment session"
    : payment.isError
      ? failureMessage(payment.error, "Failed to verify payment")
      : payment.gaveUp && payment.data?.status === "waiting"
        ? payment.data.message
        : null;

  return (
    <Card className="mx-auto max-w-lg">
      {licenseKey ? (
        <>
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
            <CardTitle className="text-2xl">Payment Successful!</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-center">
            <p>You now have lifetime access to ColdMail AI with unlimited email generation.</p>
            <div className="rounded-lg border bg-muted p-4">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Your license key</p>
              <p className="mt-1 font-mono text-lg font-semibold break-all" data-testid="license-key">
                {licenseKey}
              </p>
            </div>
            <p className="text-sm text-muted-foreground">
              Keep this license key safe: you can use it to activate lifetime access on another account.
            </p>
            <Button asChild className="w-full">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          </CardContent>
        </>
      ) : failure !== null ? (
        <>
          <CardHeader className="items-center text-center">
            <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
            <CardTitle className="text-2xl">Payment Verification Failed</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-center">
            <p className="text-muted-foreground" role="alert">
              {failure}
            </p>
            <Button asChild variant="outline" className="w-full">
              <Link href="/pricing">Try Again</Link>
            </Button>
          </CardContent>
        </>
      ) : (
        <CardContent className="flex flex-col items-center gap-3 py-12 text-muted-foreground">
          <Spinner className="size-8 text-primary" aria-label="Verifying your payment..." />
          Verifying your payment...
        </CardContent>
      )}
    </Card>
  );
}
