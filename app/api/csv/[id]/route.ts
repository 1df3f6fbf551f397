import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { jsonText } from "@/lib/http/respond";
import { csvFileJsonStream, deleteCsvFile } from "@/lib/services/csv/csv-files";

type Params = { id: string };
const NOT_FOUND = "CSV file not found";

export const GET = withUser<Params>(async ({ user, params }) =>
  jsonText(await csvFileJsonStream(user.id, parseId(params.id, NOT_FOUND))),
);

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteCsvFile(user.id, parseId(params.id, NOT_FOUND));
  return { msg: "CSV file deleted" };
});
