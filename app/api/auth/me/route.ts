import { withUser } from "@/lib/http/handlers";
import { toUserJson } from "@/lib/services/users/serialize";

export const GET = withUser(async ({ user }) => toUserJson(user));
