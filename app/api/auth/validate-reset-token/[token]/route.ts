import { handle } from "@/lib/http/handlers";
import { isResetTokenValid, type ResetTokenJson } from "@/lib/services/auth/account";

export const GET = handle<{ token: string }>(async ({ params }): Promise<ResetTokenJson> => ({
  valid: await isResetTokenValid(params.token),
}));
