import { handle } from "@/lib/http/handlers";
import { isResetTokenValid } from "@/lib/services/auth/account";

export const GET = handle<{ token: string }>(async ({ params }) => ({ valid: await isResetTokenValid(params.token) }));
