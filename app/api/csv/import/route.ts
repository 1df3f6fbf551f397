import { withUser } from "@/lib/http/handlers";
import { BODY_LIMITS, parseBody } from "@/lib/http/parse";
import { bulkJson } from "@/lib/http/respond";
import { importCsv } from "@/lib/services/csv/csv-files";
import { importCsvSchema } from "@/lib/services/csv/schemas";

export const POST = withUser(async ({ req, user }) =>
  bulkJson(req, await importCsv(user.id, await parseBody(req, importCsvSchema, { maxBytes: BODY_LIMITS.rows })), 201),
);
