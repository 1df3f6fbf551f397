import { clientIp } from "@/lib/http/client-address";
import { withOptionalUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { PRICING_LIMITS } from "@/lib/services/billing/limits";
import { verifyLicense } from "@/lib/services/billing/licenses";
import { verifyLicenseSchema } from "@/lib/services/billing/schemas";
import { enforceRateLimit } from "@/lib/services/rate-limit";

/** `{valid}`; for a signed-in caller a valid unbound key is activated on their account. 10 per IP per minute. */
export const POST = withOptionalUser(async ({ req, user }) => {
  const { limit, windowSeconds } = PRICING_LIMITS.verifyLicense;
  await enforceRateLimit(
    `verify-license:ip:${clientIp(req)}`,
    limit,
    windowSeconds,
    "Too many licence key checks. Please try again in a minute.",
  );
  return verifyLicense(user, (await parseBody(req, verifyLicenseSchema)).licenseKey);
});
