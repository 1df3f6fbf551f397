import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { appendRows } from "@/lib/services/csv/csv-files";
import { appendRowsSchema } from "@/lib/services/csv/schemas";

/** The next chunk of a chunked import (`final: true` on the last one). */
export const POST = withUser<{ id: string }>(async ({ req, user, params }) => appendRows(user.id, params.id, await parseBody(req, appendRowsSchema)));
