import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { pushReportCsv } from "@/lib/services/sending/pushes";

/** The skipped and failed rows of a push with their reasons, as a CSV download. */
export const GET = withUser<{ id: string }>(async ({ user, params }) => {
  const id = parseId(params.id, "Push not found");
  return new Response(await pushReportCsv(user.id, id), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="push-${id}-skipped-and-failed.csv"`,
    },
  });
});
