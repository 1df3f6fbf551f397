import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { cancelBatch } from "@/lib/services/generation/batch-control";

/** Stops a batch: unprocessed rows are refunded at once; `creditsRefunded` says how many. */
export const POST = withUser<{ id: string }>(async ({ user, params }) =>
  cancelBatch(user.id, parseId(params.id, "Batch not found")),
);
