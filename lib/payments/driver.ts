import "server-only";
import { env } from "@/lib/env";
import { createStripeDriver } from "./stripe-driver";
import { testDriver } from "./test-driver";
import type { PaymentsDriver } from "./types";

const holder = globalThis as unknown as { __payments?: PaymentsDriver };

/** The configured payments driver (Stripe, or the local test checkout). */
export function paymentsDriver(): PaymentsDriver {
  const config = env();
  if (config.paymentsDriver === "test") return testDriver;
  return (holder.__payments ??= createStripeDriver({
    secretKey: config.stripeSecretKey!,
    apiUrl: config.stripeApiUrl,
  }));
}
