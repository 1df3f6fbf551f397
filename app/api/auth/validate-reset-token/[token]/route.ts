import { handle } from "@/lib/http/handlers";
import { isResetTokenValid } from "@/lib/services/auth/account";
import type { ResetTokenJson } from "@/lib/responses/account";

export const GET = handle<{ token: string }>(async ({ params }): Promise<ResetTokenJson> => ({
  valid: await isResetTokenValid(params.token),
}));
