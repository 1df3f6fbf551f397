import { withUser } from "@/lib/http/handlers";
import { getJobFor } from "@/lib/services/background-jobs/jobs";

/** A background job's progress: its owner's (an admin also sees admin jobs); 404 otherwise. */
export const GET = withUser<{ id: string }>(async ({ user, params }) => getJobFor(user, params.id));
