import { withUser } from "@/lib/http/handlers";
import { listCsvFiles } from "@/lib/services/csv/csv-files";

const RECENT_LIMIT = 5;

/** The most recent imports (dashboard "Recent CSV Files"). */
export const GET = withUser(async ({ user }) => listCsvFiles(user.id, RECENT_LIMIT));
