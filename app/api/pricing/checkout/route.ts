import { withOptionalUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { startCheckout } from "@/lib/services/billing/checkout";
import { checkoutSchema } from "@/lib/services/billing/schemas";

/** `{url}` of a checkout for the lifetime plan; signed in or anonymous. */
export const POST = withOptionalUser(async ({ req, user }) => startCheckout(user, await parseBody(req, checkoutSchema)));
