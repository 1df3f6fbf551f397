import { withUser } from "@/lib/http/handlers";
import { deleteColumn } from "@/lib/services/csv/csv-rows";

// Next has already URL-decoded the name once.
export const DELETE = withUser<{ id: string; name: string }>(async ({ user, params }) => ({
  columns: await deleteColumn(user.id, params.id, params.name),
}));
