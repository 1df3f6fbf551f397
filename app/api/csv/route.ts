import { withUser } from "@/lib/http/handlers";
import { listCsvFiles } from "@/lib/services/csv/csv-files";

/** The caller's CSV files, newest first, without rows. */
export const GET = withUser(async ({ user }) => listCsvFiles(user.id));
