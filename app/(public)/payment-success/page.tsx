import type { Metadata } from "next";
import { PaymentResult } from "./payment-result";

export const metadata: Metadata = { title: "Payment" };

export default async function PaymentSuccessPage({ searchParams }: { searchParams: Promise<{ session_id?: string }> }) {
  const { session_id } = await searchParams;
  return <PaymentResult sessionId={session_id ?? null} />;
}
