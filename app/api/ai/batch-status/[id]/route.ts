import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { getBatchStatus } from "@/lib/services/generation/batch-control";

/** `{ status, progress: {processed, total}, error, creditsRefunded }`. */
export const GET = withUser<{ id: string }>(async ({ user, params }) =>
  getBatchStatus(user.id, parseId(params.id, "Batch not found")),
);
