import { withUser } from "@/lib/http/handlers";
import { deleteCsvFile, getCsvFile } from "@/lib/services/csv/csv-files";

type Params = { id: string };

export const GET = withUser<Params>(async ({ user, params }) => getCsvFile(user.id, params.id));

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteCsvFile(user.id, params.id);
  return { msg: "CSV file deleted" };
});
