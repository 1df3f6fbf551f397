import { withUser } from "@/lib/http/handlers";
import { bulkJson } from "@/lib/http/respond";
import { importCsvRequest } from "@/lib/services/csv/stream-import";

export const POST = withUser(async ({ req, user }) => bulkJson(req, await importCsvRequest(user.id, req), 201));
