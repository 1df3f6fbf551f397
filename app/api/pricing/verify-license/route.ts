import { withOptionalUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { verifyLicense } from "@/lib/services/billing/licenses";
import { verifyLicenseSchema } from "@/lib/services/billing/schemas";

/** `{valid}`; for a signed-in caller a valid unbound key is activated on their account. */
export const POST = withOptionalUser(async ({ req, user }) => verifyLicense(user, (await parseBody(req, verifyLicenseSchema)).licenseKey));
