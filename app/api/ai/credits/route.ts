import { withUser } from "@/lib/http/handlers";
import { getCredits } from "@/lib/services/credits/credits";

export const GET = withUser(async ({ user }) => getCredits(user));
