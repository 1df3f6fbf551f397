import { withAdmin } from "@/lib/http/handlers";
import { parseQuery } from "@/lib/http/parse";
import { listUsersQuery } from "@/lib/services/admin/schemas";
import { listUsers } from "@/lib/services/admin/users";

export const GET = withAdmin(async ({ req }) => listUsers(parseQuery(req, listUsersQuery)));
