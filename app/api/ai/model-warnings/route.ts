import { withUser } from "@/lib/http/handlers";
import { modelWarnings } from "@/lib/services/models/model-warnings";

/** The caller's config, templates and running batches on a model that is retired or shuts down within 30 days. */
export const GET = withUser(async ({ user }) => modelWarnings(user.id));
