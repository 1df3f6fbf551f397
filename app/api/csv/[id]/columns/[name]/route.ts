import { withUser } from "@/lib/http/handlers";
import { parseId, parseSegment } from "@/lib/http/parse";
import { deleteColumn } from "@/lib/services/csv/csv-rows";

// Next has already URL-decoded the name once.
export const DELETE = withUser<{ id: string; name: string }>(async ({ user, params }) => ({
  columns: await deleteColumn(
    user.id,
    parseId(params.id, "CSV file not found"),
    parseSegment(params.name, "Column not found"),
  ),
}));
