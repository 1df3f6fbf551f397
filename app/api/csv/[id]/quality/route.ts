import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { getFileQuality } from "@/lib/services/quality/file-quality";

/** Quality flags of the generated rows: `{ rows: [{ rowIndex, rowId, flags, approved }], counts }`. */
export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  getFileQuality(user.id, parseId(params.id, "CSV file not found")),
);
