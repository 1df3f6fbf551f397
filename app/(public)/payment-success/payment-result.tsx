"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { api, ApiError, messageOf } from "@/lib/client/api";

type State = { kind: "verifying" } | { kind: "done"; licenseKey: string } | { kind: "failed"; message: string };
const RETRIES = 5;
const RETRY_MS = 2000;

/** Verifies the payment (retrying while the provider's confirmation is on its way) and shows the licence key. */
export function PaymentResult({ sessionId }: { sessionId: string | null }) {
  const [state, setState] = useState<State>(sessionId ? { kind: "verifying" } : { kind: "failed", message: "Invalid payment session" });

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    (async () => {
      for (let attempt = 0; attempt < RETRIES && !cancelled; attempt++) {
        try {
          const { licenseKey } = await api<{ licenseKey: string }>(`/api/pricing/verify-payment/${encodeURIComponent(sessionId)}`, { allow401: true });
          if (!cancelled) setState({ kind: "done", licenseKey });
          return;
        } catch (err) {
          // Not paid yet (402) or the provider briefly unreachable (5xx): ask again.
          const pending = err instanceof ApiError && (err.status === 402 || err.status >= 500);
          if (!pending || attempt === RETRIES - 1) {
            if (!cancelled) setState({ kind: "failed", message: messageOf(err, "Failed to verify payment") });
            return;
          }
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId]);

  return (
    <Card className="mx-auto max-w-lg">
      {state.kind === "verifying" ? (
        <CardContent className="flex flex-col items-center gap-3 py-12 text-muted-foreground">
          <Spinner className="size-8 text-primary" aria-label="Verifying your payment..." />
          Verifying your payment...
        </CardContent>
      ) : state.kind === "done" ? (
        <>
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
            <CardTitle className="text-2xl">Payment Successful!</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-center">
            <p>You now have lifetime access to ColdMail AI with unlimited email generation.</p>
            <div className="rounded-lg border bg-muted p-4">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Your license key</p>
              <p className="mt-1 font-mono text-lg font-semibold break-all" data-testid="license-key">{state.licenseKey}</p>
            </div>
            <p className="text-sm text-muted-foreground">Keep this license key safe: you can use it to activate lifetime access on another account.</p>
            <Button asChild className="w-full">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          </CardContent>
        </>
      ) : (
        <>
          <CardHeader className="items-center text-center">
            <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
            <CardTitle className="text-2xl">Payment Verification Failed</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-center">
            <p className="text-muted-foreground" role="alert">{state.message}</p>
            <Button asChild variant="outline" className="w-full">
              <Link href="/pricing">Try Again</Link>
            </Button>
          </CardContent>
        </>
      )}
    </Card>
  );
}
