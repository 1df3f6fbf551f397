import { withUser } from "@/lib/http/handlers";
import { jsonText } from "@/lib/http/respond";
import { importCsvRequest } from "@/lib/services/csv/csv-import";

export const POST = withUser(async ({ req, user }) => jsonText(await importCsvRequest(user.id, req), 201));
