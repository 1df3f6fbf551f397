import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { Logo } from "@/components/shell/logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/client/format";
import { isSameOrigin } from "@/lib/http/csrf";
import { completeTestPayment, testCheckoutSession } from "@/lib/services/billing/checkout";

export const metadata: Metadata = { title: "Test checkout" };
export const dynamic = "force-dynamic";

/** The local test checkout (PAYMENTS_DRIVER=test): shows the amount and completes the payment. */
export default async function TestCheckoutPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  const session = await testCheckoutSession(sessionId);
  if (!session) notFound();

  async function complete() {
    "use server";
    // proxy.ts already answers 403 to a call from another origin; never run one that got past it.
    if (!isSameOrigin(await headers())) return;
    await completeTestPayment(sessionId);
    redirect(`/payment-success?session_id=${encodeURIComponent(sessionId)}`);
  }

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/40 px-4">
      <Logo href="/pricing" />
      <div className="w-full max-w-md space-y-5 rounded-xl border bg-card p-6 shadow-sm">
        <div className="flex items-center justify-between">
          <h1 className="text-xl font-semibold">Test checkout</h1>
          <Badge variant="warning">Test mode</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          No card is charged. This page stands in for Stripe Checkout in local mode.
        </p>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between">
            <dt>ColdMail AI — Lifetime Deal</dt>
            <dd className="font-medium">{formatMoney(session.amountCents / 100, "en-US")}</dd>
          </div>
          {session.promoCode ? (
            <div className="flex justify-between text-muted-foreground">
              <dt>Promo code</dt>
              <dd>{session.promoCode}</dd>
            </div>
          ) : null}
        </dl>
        {session.status === "paid" ? (
          <p className="text-sm font-medium text-success">This session is already paid.</p>
        ) : null}
        {session.status === "expired" ? (
          <p className="text-sm font-medium text-destructive">
            This checkout session has expired. Please start a new checkout.
          </p>
        ) : (
          <form action={complete}>
            <Button type="submit" size="lg" className="w-full">
              Complete test payment
            </Button>
          </form>
        )}
        {session.status === "open" ? (
          <a
            href={session.cancelUrl}
            className="block text-center text-sm text-muted-foreground underline underline-offset-2"
          >
            Cancel and return to pricing
          </a>
        ) : null}
      </div>
    </div>
  );
}
