import { handle } from "@/lib/http/handlers";
import { verifyPayment } from "@/lib/services/billing/checkout";

export const GET = handle<{ sessionId: string }>(async ({ params }) => verifyPayment(params.sessionId));
