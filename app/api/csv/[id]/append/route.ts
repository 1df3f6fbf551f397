import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { appendRowsRequest } from "@/lib/services/csv/csv-import";

/** The next chunk of a chunked import (`final: true` on the last one). */
export const POST = withUser<{ id: string }>(async ({ req, user, params }) =>
  appendRowsRequest(user.id, parseId(params.id, "CSV file not found"), req),
);
