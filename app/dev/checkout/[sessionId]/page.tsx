import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Logo } from "@/components/shell/logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatUsd } from "@/lib/billing/pricing";
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
        <p className="text-sm text-muted-foreground">No card is charged. This page stands in for Stripe Checkout in local mode.</p>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between"><dt>ColdMail AI — Lifetime Deal</dt><dd className="font-medium">{formatUsd(session.amountCents / 100)}</dd></div>
          {session.promoCode ? <div className="flex justify-between text-muted-foreground"><dt>Promo code</dt><dd>{session.promoCode}</dd></div> : null}
        </dl>
        {session.status === "paid" ? (
          <p className="text-sm font-medium text-success">This session is already paid.</p>
        ) : null}
        <form action={complete}>
          <Button type="submit" size="lg" className="w-full">
            Complete test payment
          </Button>
        </form>
      </div>
    </div>
  );
}
