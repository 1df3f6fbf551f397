import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { verifyPayment } from "@/lib/services/billing/checkout";
import type { verifyLicense } from "@/lib/services/billing/licenses";
import { api, hasCode, messageOf } from "@/lib/client/api";
import type { CheckoutJson, PromoValidationJson } from "@/lib/responses/billing";

/** Query keys of the billing domain (pricing, payment, licence). */
const billingKeys = {
  all: ["billing"] as const,
  payment: (sessionId: string) => [...billingKeys.all, "payment", sessionId] as const,
};

/* Payload types: the server functions' return types are the contract (erased at build). */
export type { CheckoutJson };
type PaymentJson = Awaited<ReturnType<typeof verifyPayment>>;
export type LicenseCheckJson = Awaited<ReturnType<typeof verifyLicense>>;

export function useValidatePromo() {
  return useMutation({
    mutationFn: (code: string) =>
      api<PromoValidationJson>("/api/pricing/validate-promo", { body: { code }, allow401: true }),
  });
}

/** Starts a checkout; the browser then leaves for the returned url (the caller does it). */
export function useCheckout() {
  return useMutation({
    mutationFn: (promoCode: string | null) =>
      api<CheckoutJson>("/api/pricing/checkout", {
        body: { planId: "lifetime", ...(promoCode ? { promoCode } : {}) },
        allow401: true,
      }),
  });
}

export function useActivateLicense() {
  return useMutation({
    mutationFn: (licenseKey: string) => api<LicenseCheckJson>("/api/pricing/verify-license", { body: { licenseKey } }),
  });
}

/** Attempts and spacing while the provider's confirmation is on its way. */
const PAYMENT_ATTEMPTS = 5;
const PAYMENT_RETRY_MS = 2000;

/**
 * One answer of verify-payment: the key, or "not yet" (not paid yet, or the provider briefly
 * unreachable) with the number of attempts that said so in a row.
 */
export type PaymentCheck =
  { status: "paid"; licenseKey: string } | { status: "waiting"; message: string; attempt: number };

async function checkPayment(queryClient: QueryClient, sessionId: string): Promise<PaymentCheck> {
  const previous = queryClient.getQueryData<PaymentCheck>(billingKeys.payment(sessionId));
  try {
    const { licenseKey } = await api<PaymentJson>(`/api/pricing/verify-payment/${encodeURIComponent(sessionId)}`, {
      allow401: true,
    });
    return { status: "paid", licenseKey };
  } catch (err) {
    // `conflict` (402: not completed yet) and provider/server failures are worth asking again.
    if (hasCode(err, "conflict", "provider_error", "internal")) {
      const attempt = previous?.status === "waiting" ? previous.attempt + 1 : 1;
      return { status: "waiting", message: messageOf(err, "Failed to verify payment"), attempt };
    }
    throw err;
  }
}

/**
 * The payment of a checkout session, asked again every 2 s while it is not settled, at most
 * PAYMENT_ATTEMPTS times; `gaveUp` once the last attempt was still waiting. Never overlapping
 * (a tick while a request is out joins it), also in a background tab, and stopped as soon as
 * the payment is settled (paid, or refused with a final answer).
 */
export function usePaymentVerification(sessionId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billingKeys.payment(sessionId ?? ""),
    queryFn: () => checkPayment(queryClient, sessionId ?? ""),
    enabled: sessionId !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    refetchInterval: (q) =>
      q.state.data?.status === "waiting" && q.state.data.attempt < PAYMENT_ATTEMPTS ? PAYMENT_RETRY_MS : false,
  });
  const gaveUp = query.data?.status === "waiting" && query.data.attempt >= PAYMENT_ATTEMPTS;
  return { ...query, gaveUp };
}
