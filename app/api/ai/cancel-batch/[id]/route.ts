import { withUser } from "@/lib/http/handlers";
import { parseId } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { cancelBatch } from "@/lib/services/generation/batch-control";
import { afterBatchModeCancel } from "@/lib/services/generation/batch-mode/batch-mode-cancel";

/**
 * Stops a batch: unprocessed rows are refunded at once; `creditsRefunded` says how many. A batch-mode run
 * stays `cancelling` until its provider batches have ended: its worker is woken to cancel them now.
 */
export const POST = withUser<{ id: string }>(async ({ user, params }) => {
  const cancelled = await cancelBatch(user.id, parseId(params.id, "Batch not found"));
  await afterBatchModeCancel(cancelled);
  return json(cancelled);
});
